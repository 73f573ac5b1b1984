#!/usr/bin/env node
// The real-repository corpus (issue 38): for each snapshot under corpus/, set it up as its users
// do, `swarm init` with no flags, commit, `swarm doctor`, `swarm run --attempts 4` with a stand-in
// agent (odd attempts: a behaviour-preserving code change; even: a change that breaks the tests),
// and check: a valid baseline, the first attempt scored, the second invalid, the checkout clean.
// Not part of `npm test` (minutes, and npm/pip installs). Needs `npm run build` first.
//   node scripts/corpus/run-corpus.mjs [name ...] [--out results.json] [--keep] [--after-37]
// --after-37 applies issue 37's setup rule (npm install where git does not track the lock file)
// to what init wrote, for a branch without that fix.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/cli/bin.cjs');
const agent = join(root, 'scripts/corpus/stand-in-agent.mjs');
// Offline: Debian's pytest through --system-site-packages, wheel from this machine's own index
// (the public one is unreachable here), no build isolation.
const venv = (editable) => [
  'python3 -m venv --system-site-packages .venv',
  '.venv/bin/python -m pip install --quiet --index-url file:///opt/pypi/simple wheel',
  `.venv/bin/python -m pip install --quiet --no-build-isolation ${editable ? '-e ' : ''}.`,
];
const touchJs = { append: '\nvoid 0;\n' };
const touchPy = { append: '\n_swarm_touched_{n} = True\n' };

/** name: folder under corpus/; project: the folder swarm works in; setup: what its users run. */
export const ENTRIES = [
  { name: 'dequal', kind: 'npm library, no lock file, uvu, build in pretest', setup: ['npm install --no-audit --no-fund'],
    touch: { file: 'src/index.js', ...touchJs }, break: { file: 'src/index.js', from: 'return foo.getTime() === bar.getTime();', to: 'return true;' } },
  { name: 'uuid', kind: 'TypeScript with a build step, committed package-lock.json, node --test', setup: ['npm ci --no-audit --no-fund'],
    touch: { file: 'src/validate.ts', ...touchJs }, break: { file: 'src/validate.ts', from: "typeof uuid === 'string' && REGEX.test(uuid)", to: "typeof uuid === 'string'" } },
  { name: 'six', kind: 'pure-Python, pytest, installed editable in a .venv', setup: venv(true),
    touch: { file: 'six.py', ...touchPy }, break: { file: 'six.py', from: '    string_types = str,', to: '    string_types = bytes,' } },
  { name: 'h11', kind: 'pure-Python package, pytest, installed (not editable) in a .venv', setup: venv(false),
    touch: { file: 'h11/_util.py', ...touchPy }, break: { file: 'h11/_util.py', from: '    if type(s) is bytes:\n        return s\n', to: '    if type(s) is bytes:\n        return s + b" "\n' } },
  { name: 'istanbul-monorepo', project: 'packages/istanbul-lib-coverage', kind: 'package folder of a monorepo (lerna), mocha + nyc', setup: ['npm install --no-audit --no-fund'],
    touch: { file: 'lib/percent.js', ...touchJs }, break: { file: 'lib/percent.js', from: 'return 100.0;', to: 'return 0;' } },
  { name: 'strsim', kind: 'Rust crate, no dependencies', setup: [],
    touch: { file: 'src/lib.rs', append: '\n#[allow(dead_code)]\nconst SWARM_TOUCHED_{n}: u8 = 0;\n' }, break: { file: 'src/lib.rs', from: 'if a_len == 0 && b_len == 0 {\n        return 1.0;', to: 'if a_len == 0 && b_len == 0 {\n        return 0.5;' } },
  { name: 'go-uuid', kind: 'Go module, no dependencies, Benchmark functions', setup: [],
    touch: { file: 'uuid.go', append: '\nvar _ = 0\n' }, break: { file: 'uuid.go', from: '\treturn string(buf[:])\n}', to: '\treturn string(buf[1:])\n}' } },
  // Held out: kinds the corpus above lacks, tried after the fixes it drove (a check that they generalize).
  { name: 'cachetools', heldOut: true, kind: 'Python src-layout (setuptools), pytest over unittest.TestCase classes, `pip install -e .` and pytest in a plain .venv',
    setup: ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e . pytest'],
    touch: { file: 'src/cachetools/keys.py', ...touchPy }, break: { file: 'src/cachetools/keys.py', from: '    return hashkey(*args, **kwargs)\n\n\ndef typedkey', to: '    return hashkey(*args)\n\n\ndef typedkey' } },
  { name: 'entities', heldOut: true, kind: 'TypeScript npm library, committed package-lock.json, vitest, eslint + biome + tsc in `npm test`',
    setup: ['npm ci --no-audit --no-fund'],
    touch: { file: 'src/escape.ts', append: '\n/** Set by swarm\'s stand-in agent. */\nexport const SWARM_TOUCHED_{n} = 0;\n' }, break: { file: 'src/escape.ts', from: '[62, "&gt;"],', to: '[62, "&gt"],' } },
];

// pip: this machine's local index first (its pip.conf lists it as an extra index only, after pypi.org, which it cannot reach).
const env = { PIP_INDEX_URL: 'file:///opt/pypi/simple', ...process.env, GIT_AUTHOR_NAME: 'corpus', GIT_AUTHOR_EMAIL: 'corpus@example.invalid', GIT_COMMITTER_NAME: 'corpus', GIT_COMMITTER_EMAIL: 'corpus@example.invalid', NO_COLOR: '1' };
const sh = (cwd, command, timeoutMs = 15 * 60_000) => {
  const started = Date.now();
  const run = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { code: run.status, out: `${run.stdout ?? ''}${run.stderr ?? ''}`, seconds: (Date.now() - started) / 1000 };
};
const swarm = (cwd, args) => sh(cwd, [process.execPath, cli, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' '));
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8' });

const runEntry = (entry, keep, after37) => {
  const tmp = mkdtempSync(join(tmpdir(), `corpus-${entry.name}-`));
  const repo = join(tmp, 'repo');
  const project = join(repo, entry.project ?? '.');
  const result = { name: entry.name, kind: entry.kind, dir: tmp, steps: {} };
  const step = (name, outcome) => { result.steps[name] = { code: outcome.code, seconds: outcome.seconds, tail: outcome.out.trim().split('\n').slice(-15).join('\n') }; return outcome; };
  try {
    cpSync(join(root, 'corpus', entry.name), repo, { recursive: true });
    git(repo, 'init', '-q', '-b', 'main');
    // What its users keep out of git (node_modules, .venv) is ignored in their clones too.
    writeFileSync(join(repo, '.git/info/exclude'), 'node_modules/\n.venv/\ntarget/\n*.egg-info/\n__pycache__/\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', `upstream snapshot of ${entry.name}`);
    for (const command of entry.setup) if (step(`setup: ${command}`, sh(project, command)).code !== 0) throw new Error(`setup failed: ${command}`);
    const init = step('swarm init', swarm(project, ['init', '--json']));
    if (init.code !== 0) throw new Error('swarm init failed');
    const initJson = JSON.parse(init.out.slice(init.out.indexOf('{')));
    result.chose = initJson.testGated === null
      ? `program template: ${initJson.program ?? 'none'}`
      : `tests \`${initJson.testGated.tests?.command ?? 'none'}\`; score ${initJson.testGated.score.metric} (${initJson.testGated.score.direction}) of \`${initJson.testGated.score.command}\``;
    result.chose += `; setup: ${initJson.setup?.length ? initJson.setup.map((c) => `\`${c}\``).join(', ') : 'none'}; link: ${initJson.link?.length ? initJson.link.join(', ') : 'none'}`;
    if (after37) {
      // Issue 37's rule, until it is merged: a lock-file install only when git tracks the lock file.
      const config = JSON.parse(readFileSync(join(project, '.swarmrc.json'), 'utf8'));
      const tracked = git(project, 'ls-files', 'package-lock.json').trim() !== '';
      if (!tracked && config.workspace?.setup?.some((c) => c.startsWith('npm ci'))) {
        config.workspace.setup = config.workspace.setup.map((c) => (c.startsWith('npm ci') ? 'npm install --prefer-offline --no-audit --no-fund' : c));
        writeFileSync(join(project, '.swarmrc.json'), `${JSON.stringify(config, null, 2)}\n`);
        result.after37 = 'workspace.setup: npm install (the lock file is not tracked)';
      }
    }
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'swarm init');
    // Its exit code is 1 until an agent is chosen (the default, local, mutates EVOLVE-BLOCKs only):
    // what counts here is its baseline line.
    const doctor = step('swarm doctor', swarm(project, ['doctor']));
    result.doctor = /^\s*baseline\s+(.*)$/m.exec(doctor.out)?.[1]?.slice(0, 80) ?? `exit ${doctor.code}`;
    // The one change a user makes: the agent (here the stand-in).
    const specFile = join(tmp, 'agent-spec.json');
    writeFileSync(specFile, JSON.stringify({ state: join(tmp, 'agent-calls'), touch: entry.touch, break: entry.break }));
    const configPath = join(project, '.swarmrc.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8'));
    config.agent = { ...config.agent, backend: 'command', command: { ...config.agent?.command, argv: [process.execPath, agent, specFile] } };
    writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
    git(repo, 'commit', '-q', '-am', 'agent: the stand-in');
    const run = step('swarm run', swarm(project, ['run', '--attempts', '4', '--agents', '1']));
    const status = JSON.parse(swarm(project, ['status', '--json', '--all']).out);
    const attempts = status.attempts.filter((a) => a.role !== 'baseline');
    const baseline = status.attempts.find((a) => a.role === 'baseline');
    const firstScored = attempts.find((a) => a.status === 'scored');
    result.baseline = baseline ? `${baseline.status}${baseline.score === null ? '' : ` ${baseline.score.toPrecision(4)}`}` : 'none';
    result.attempts = attempts.map((a) => `${a.id} ${a.status}${a.score === null ? '' : ` ${a.score.toPrecision(4)}`}${a.reason ? ` (${a.reason.slice(0, 80)})` : ''}`);
    result.firstScoredSeconds = firstScored ? (firstScored.finishedAt - status.run.createdAt) / 1000 : null;
    result.runSeconds = run.seconds;
    result.clean = git(repo, 'status', '--porcelain').trim() === '';
    result.ok = baseline?.status === 'scored' && attempts[0]?.status === 'scored' && attempts[1]?.status === 'invalid' && result.clean;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    result.ok = false;
  } finally {
    // Something may still be writing below .swarm (a process the run left behind): retry, and never lose the result for it.
    if (!keep) {
      try {
        rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 1000 });
      } catch (error) {
        result.cleanup = `not removed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }
  return result;
};

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : join(tmpdir(), 'corpus-results.json');
const names = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--out');
const results = [];
for (const entry of ENTRIES.filter((e) => names.length === 0 || names.includes(e.name))) {
  process.stderr.write(`${entry.name}: `);
  const result = runEntry(entry, args.includes('--keep'), args.includes('--after-37'));
  results.push(result);
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  process.stderr.write(`${result.ok ? 'ok' : `NOT OK${result.error ? ` (${result.error})` : ''}`}; baseline ${result.baseline ?? '-'}; ${(result.attempts ?? []).join('; ')}\n`);
}
for (const heldOut of [false, true]) {
  const rows = results.filter((r) => ENTRIES.find((e) => e.name === r.name)?.heldOut === true ? heldOut : !heldOut);
  if (rows.length === 0) continue;
  console.log(heldOut ? '\nHeld out:\n' : '');
  console.log('| repository | kind | what init chose | doctor | baseline | first try | second try | first scored after | checkout clean |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) printRow(r);
}
function printRow(r) {
  const e = (text) => String(text).replaceAll('|', '\\|');
  console.log(`| ${r.name} | ${e(r.kind)} | ${e(r.chose ?? r.error ?? '')} | ${e(r.doctor ?? '-')} | ${r.baseline ?? '-'} | ${e(r.attempts?.[0] ?? '-')} | ${e(r.attempts?.[1] ?? '-')} | ${r.firstScoredSeconds === null || r.firstScoredSeconds === undefined ? '-' : `${Math.round(r.firstScoredSeconds)} s`} | ${r.clean === undefined ? '-' : r.clean ? 'yes' : 'no'} |`);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
