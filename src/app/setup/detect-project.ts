import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { trackedFiles } from '../../workspace/ignored-paths.js';
import { checkoutTopLevel } from '../../workspace/checkout-top-level.js';
import { describeEscapes, type EnvEscape } from '../../workspace/provision/env-escapes.js';
import { checkoutVenvEscapes, pipInstall, testExtra } from './python-setup.js';

export type ProjectKind = 'python' | 'node' | 'rust' | 'go' | 'unknown';
export type EvaluatorLanguage = 'python' | 'node';

/** What `swarm init` found in a project folder and proposes for its config. */
export interface ProjectKindProposal {
  kind: ProjectKind;
  /** The files that told (`pyproject.toml`, `uv.lock`), for the summary. */
  evidence: string[];
  /** Commands that prepare a fresh worktree (`workspace.setup`). */
  setup: string[];
  /** The evaluator template that fits. */
  language: EvaluatorLanguage;
  /** How the evaluator's command starts Python (`.venv/bin/python`, `uv run python`, `python3`). */
  python: string;
  /** A command that runs the whole program when no single file does (`cargo run`, `npm start`); null otherwise. */
  runCommand: string[] | null;
  /** Solution files of a project whose program is not one file (`src/**\/*.rs`). */
  solutionGlobs: string[];
  /** The checkout's own `.venv` is what the evaluator runs: share it into worktrees (workspace.link). */
  linkVenv: boolean;
  /** What the checkout itself lacks for the proposed evaluator command (a `.venv` to create), or null. */
  checkoutHint: string | null;
}

const has = (dir: string, file: string): boolean => existsSync(join(dir, file));

const packageJsonSchema = z.looseObject({ main: z.string().optional(), scripts: z.record(z.string(), z.string()).optional() });

/** package.json's `main` and `scripts`, or nothing when it is unreadable. */
export const readPackageJson = (dir: string): z.infer<typeof packageJsonSchema> => {
  try {
    const parsed = packageJsonSchema.safeParse(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

const pythonProposal = (dir: string, venvEscapes: readonly EnvEscape[]): ProjectKindProposal => {
  const evidence = ['uv.lock', 'pyproject.toml', 'poetry.lock', 'requirements.txt', 'setup.py', '.venv'].filter((file) => has(dir, file));
  const venv = has(dir, '.venv/bin/python');
  // A checkout venv with the project installed editable runs the checkout's code wherever it is linked.
  const editable = venv && venvEscapes.length > 0;
  const buildable = has(dir, 'requirements.txt') || has(dir, 'pyproject.toml') || has(dir, 'setup.py');
  const extra = testExtra(dir);
  let setup: string[] = [];
  let python = venv ? '.venv/bin/python' : 'python3';
  let linkVenv = false;
  if (has(dir, 'uv.lock')) {
    setup = [`uv sync --frozen${extra === null || extra === 'dev' ? '' : ` --extra ${extra}`}`];
    python = 'uv run --frozen python';
  } else if (has(dir, 'poetry.lock')) {
    setup = [`poetry install --no-interaction${extra === null || extra === 'dev' ? '' : ` --extras ${extra}`}`];
    python = 'poetry run python';
  } else if (venv && !(editable && buildable)) {
    // The checkout's own environment, shared into worktrees, needs no setup (it holds no project code).
    linkVenv = !editable;
  } else if (buildable) {
    setup = ['python3 -m venv .venv', pipInstall(dir)];
    python = '.venv/bin/python';
  }
  const checkoutHint = python === '.venv/bin/python' && !venv
    ? `your checkout has no .venv, and the evaluator runs .venv/bin/python: create it with \`${setup.join(' && ')}\``
    : editable && !buildable
      ? `your .venv has a package installed editable (it would run your checkout's code in every worktree: ${describeEscapes('.venv', venvEscapes)}), and nothing here says how to build it: add the commands that build it to workspace.setup`
      : null;
  return { kind: 'python', evidence, setup, language: 'python', python, runCommand: null, solutionGlobs: [], linkVenv, checkoutHint };
};

/** Lock files by package manager, with the install that keeps to each and the one without it. */
const LOCKS: ReadonlyArray<{ file: string; frozen: string; plain: string }> = [
  { file: 'pnpm-lock.yaml', frozen: 'pnpm install --frozen-lockfile --offline', plain: 'pnpm install' },
  { file: 'yarn.lock', frozen: 'yarn install --frozen-lockfile --offline', plain: 'yarn install' },
  { file: 'bun.lock', frozen: 'bun install --frozen-lockfile', plain: 'bun install' },
  { file: 'bun.lockb', frozen: 'bun install --frozen-lockfile', plain: 'bun install' },
  { file: 'package-lock.json', frozen: 'npm ci --prefer-offline --no-audit --no-fund', plain: 'npm install --prefer-offline --no-audit --no-fund' },
];

const nodeProposal = (dir: string, tracked: ReadonlySet<string> | null): ProjectKindProposal => {
  const lock = LOCKS.find(({ file }) => has(dir, file));
  // A worktree has the lock file only when git tracks it: `npm ci` fails in every worktree otherwise.
  const lockTracked = lock !== undefined && (tracked === null || tracked.has(lock.file));
  const pkg = readPackageJson(dir);
  const build = pkg.scripts?.build === undefined ? [] : ['npm run --silent build'];
  const install = lock === undefined ? 'npm install --prefer-offline --no-audit --no-fund' : lockTracked ? lock.frozen : lock.plain;
  const runCommand = pkg.main === undefined && pkg.scripts?.start !== undefined ? ['npm', 'run', '--silent', 'start'] : null;
  const checkoutHint = lock !== undefined && !lockTracked
    ? `${lock.file} is not tracked by git (ignored or never committed), so no worktree has it: setup runs \`${lock.plain}\`, which resolves versions anew; commit it (or list it in .worktreeinclude) for \`${lock.frozen}\``
    : null;
  return {
    kind: 'node', evidence: ['package.json', ...(lock ? [lock.file] : [])], setup: [install, ...build], language: 'node', python: 'python3', runCommand,
    solutionGlobs: runCommand !== null && has(dir, 'src') ? ['src'] : [], linkVenv: false, checkoutHint,
  };
};

/**
 * The kind of project in `dir` from the files that define one (pyproject.toml, uv.lock,
 * requirements.txt; package.json; Cargo.toml; go.mod), and what that kind needs: the commands
 * that prepare a worktree, the evaluator template, the way to run the program. `tracked`, the
 * files git tracks in `dir` (relative to it), decides whether a lock file reaches a worktree;
 * without it, a lock file that exists counts (see detectProject, which asks git). `venvEscapes`:
 * what provisioning's scan found in the checkout's `.venv` (`checkoutVenvEscapes`); a `.venv`
 * with any is built per worktree, never linked. Without it (none given), the `.venv` counts as
 * holding no project code.
 */
export const detectProjectKind = (dir: string, tracked: Iterable<string> | null = null, venvEscapes: readonly EnvEscape[] = []): ProjectKindProposal => {
  if (['pyproject.toml', 'uv.lock', 'requirements.txt', 'setup.py', 'poetry.lock'].some((file) => has(dir, file))) return pythonProposal(dir, venvEscapes);
  if (has(dir, 'package.json')) return nodeProposal(dir, tracked === null ? null : new Set(tracked));
  if (has(dir, 'Cargo.toml')) {
    return { kind: 'rust', evidence: ['Cargo.toml'], setup: ['cargo build --release --offline'], language: 'node', python: 'python3', runCommand: ['cargo', 'run', '--release', '--offline', '--quiet'], solutionGlobs: ['src/**/*.rs'], linkVenv: false, checkoutHint: null };
  }
  if (has(dir, 'go.mod')) {
    return { kind: 'go', evidence: ['go.mod'], setup: ['go build ./...'], language: 'node', python: 'python3', runCommand: ['go', 'run', '.'], solutionGlobs: ['**/*.go'], linkVenv: false, checkoutHint: null };
  }
  const venv = has(dir, '.venv/bin/python');
  return { kind: 'unknown', evidence: [], setup: [], language: 'python', python: venv ? '.venv/bin/python' : 'python3', runCommand: null, solutionGlobs: [], linkVenv: venv, checkoutHint: null };
};

/**
 * detectProjectKind with the files git tracks in `dir` (given, or asked of git) and provisioning's
 * own scan of the checkout's `.venv`: what `swarm init` proposes from.
 */
export const detectProject = async (dir: string, tracked?: Iterable<string>): Promise<ProjectKindProposal> => {
  const root = await checkoutTopLevel(dir).catch(() => dir);
  return detectProjectKind(dir, tracked ?? await trackedFiles(dir), await checkoutVenvEscapes(dir, root));
};

/** Folders a setup command builds in the worktree (`.venv`, `node_modules`): never also linked from the checkout. */
export const builtBySetup = (setup: readonly string[]): string[] => [
  ...(setup.some((command) => /\s-m\s+venv\s+\.venv\b|^uv sync\b/.test(command)) ? ['.venv'] : []),
  ...(setup.some((command) => /^(npm (ci|install)|pnpm install|yarn install|bun install)\b/.test(command)) ? ['node_modules'] : []),
];
