import { lstat, readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { runProcess } from '../../process/run-process.js';
import { isInside } from '../../workspace/worktrees.js';
import type { Problem } from './explain-failure.js';
import { nodePackageNames, pythonPackageNames } from './imported-code-names.js';

export interface ImportProbeInput {
  /** The user's checkout (the repository root): code resolved there is not the attempt's. */
  root: string;
  /** The project's folder in the baseline's worktree, where the evaluator runs. */
  worktree: string;
  /** The evaluator's command (a venv it names is probed too). */
  command: string;
  /** The evaluator's environment (PYTHONPATH, VIRTUAL_ENV, NODE_PATH as it sees them). */
  env: Record<string, string>;
}

/** Where one package name resolves, as the evaluator's interpreter sees it. */
export interface ImportedFrom {
  /** `python` (with the venv's interpreter) or `node`. */
  via: string;
  name: string;
  file: string;
}

const PROBE_TIMEOUT_MS = 20_000;
const resolvedSchema = z.record(z.string(), z.string());

/**
 * Where each name is imported from, without running the package's code (`find_spec`), and without
 * the working directory first on the path: a console script (`.venv/bin/pytest`) does not put it
 * there, and `python -c` would hide an editable install that points elsewhere.
 */
const PYTHON_PROBE = `import importlib.util, json, sys
sys.path[:] = [p for p in sys.path if p not in ('', '.')]
found = {}
for name in sys.argv[1:]:
    try:
        spec = importlib.util.find_spec(name)
    except Exception:
        spec = None
    if spec is None:
        continue
    where = spec.origin if spec.origin not in (None, 'namespace', 'built-in', 'frozen') else next(iter(spec.submodule_search_locations or []), None)
    if where:
        found[name] = where
print(json.dumps(found))
`;

/** `require.resolve` of each name from the project's folder, as a test file there would require it. */
const NODE_PROBE = `const found = {};
for (const name of process.argv.slice(1)) {
  try { found[name] = require.resolve(name, { paths: [process.cwd()] }); } catch {}
}
console.log(JSON.stringify(found));
`;

const isFile = async (path: string): Promise<boolean> => (await lstat(path).catch(() => null)) !== null;

/** The command and the text of the small scripts it names in the worktree (`sh evaluate.sh` runs `.venv/bin/pytest`). */
const commandText = async (worktree: string, command: string): Promise<string> => {
  const scripts: string[] = [];
  for (const word of command.split(/\s+/).filter((w) => /^[\w./-]+$/.test(w) && !w.startsWith('-'))) {
    const path = resolve(worktree, word);
    const info = await lstat(path).catch(() => null);
    if (info?.isFile() === true && info.size < 65_536 && isInside(worktree, path)) scripts.push(await readFile(path, 'utf8').catch(() => ''));
  }
  return [command, ...scripts].join('\n');
};

/**
 * The virtual environments the evaluator uses: `.venv` or `venv` in the worktree, VIRTUAL_ENV,
 * and any `<dir>/bin/<tool>` the command names whose `<dir>` holds a pyvenv.cfg.
 */
export const evaluatorVenvs = async (worktree: string, command: string, env: Record<string, string>): Promise<string[]> => {
  const candidates = [join(worktree, '.venv'), join(worktree, 'venv')];
  if (env.VIRTUAL_ENV !== undefined && env.VIRTUAL_ENV !== '') candidates.push(resolve(worktree, env.VIRTUAL_ENV));
  for (const match of (await commandText(worktree, command)).matchAll(/(?:^|[\s'"=])([^\s'"=]*?)\/bin\/[\w.+-]+/g)) {
    const dir = match[1] ?? '';
    if (dir !== '') candidates.push(isAbsolute(dir) ? dir : resolve(worktree, dir));
  }
  const found: string[] = [];
  for (const dir of [...new Set(candidates)]) if ((await isFile(join(dir, 'pyvenv.cfg'))) && (await isFile(join(dir, 'bin', 'python')))) found.push(dir);
  return found;
};

const probe = async (file: string, args: readonly string[], input: ImportProbeInput, via: string): Promise<ImportedFrom[]> => {
  const result = await runProcess(file, args, { cwd: input.worktree, env: input.env, extendEnv: false, timeoutMs: PROBE_TIMEOUT_MS });
  if (result.exitCode !== 0) return [];
  try {
    const parsed = resolvedSchema.safeParse(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? ''));
    return parsed.success ? Object.entries(parsed.data).map(([name, where]) => ({ via, name, file: resolve(input.worktree, where) })) : [];
  } catch {
    return [];
  }
};

/** Where the project's own packages are imported from, for each venv the evaluator uses and for Node. */
export const importedCode = async (input: ImportProbeInput): Promise<ImportedFrom[]> => {
  const found: ImportedFrom[] = [];
  const python = await pythonPackageNames(input.worktree);
  if (python.length > 0) {
    for (const venv of await evaluatorVenvs(input.worktree, input.command, input.env)) {
      found.push(...(await probe(join(venv, 'bin', 'python'), ['-c', PYTHON_PROBE, ...python], input, `${venv}/bin/python`)));
    }
  }
  const node = await nodePackageNames(input.worktree);
  if (node.length > 0) found.push(...(await probe(process.execPath, ['-e', NODE_PROBE, ...node], input, 'node')));
  return found;
};

const fixFor = (from: ImportedFrom): string => from.via === 'node'
  ? 'build node_modules in each worktree: remove it from workspace.link and add `npm install --no-audit --no-fund` (or `npm ci` where git tracks the lock file) to workspace.setup; no `npm link` to your checkout, no NODE_PATH into it'
  : `build the venv in each worktree: add \`python3 -m venv .venv\` and \`.venv/bin/python -m pip install -e .\` (run where setup runs, not from $SWARM_REPO_ROOT) to workspace.setup, and let the evaluator use that venv (not ${dirname(dirname(from.via))}, whose install points at your checkout); no PYTHONPATH into your checkout`;

/**
 * Doctor's live check on the baseline's worktree: the code the evaluator imports lives inside it.
 * A package resolved into the user's checkout (an editable install of a venv outside the worktree,
 * a PYTHONPATH, a `node_modules` link) would score the checkout instead of each attempt: one
 * problem per package, naming the file and the fix. Code outside both (a system install) is left
 * alone: it is not the project's checkout.
 */
export const checkImportedCode = async (input: ImportProbeInput): Promise<Problem[]> => {
  const worktree = await realpath(input.worktree).catch(() => input.worktree);
  const root = await realpath(input.root).catch(() => input.root);
  const problems: Problem[] = [];
  for (const from of await importedCode(input)) {
    const file = await realpath(from.file).catch(() => from.file);
    if (isInside(worktree, file) || !isInside(root, file)) continue;
    problems.push({
      problem: `the evaluator imports ${from.name} from ${file} (${from.via}), in your checkout, not in the attempt's worktree: every attempt would be scored on your checkout's code`,
      fix: fixFor(from),
    });
  }
  return problems;
};
