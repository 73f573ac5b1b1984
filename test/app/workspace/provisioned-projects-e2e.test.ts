import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { evaluate, show, status, type StatusReport } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { makeProject, PY_PROGRAM, RUN_SETTINGS, type ProjectRepo } from './project-repos.js';
import { doctorFindings } from './doctor-findings.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const project = (files: Record<string, string>, config: Record<string, unknown>): ProjectRepo => {
  const repo = makeProject(files, { ...RUN_SETTINGS, ...config });
  cleanups.push(repo.cleanup);
  return repo;
};

/**
 * `swarm run --new` to its end, then the attempts as status reports them. `ok`: finished without a
 * problem (the CLI's exit 0); `output`: its progress lines, stop reason and problem.
 */
const runAndStatus = async (repo: ProjectRepo): Promise<{ ok: boolean; output: string; attempts: StatusReport['attempts'] }> => {
  const { result, lines } = await runApi(repo.dir, { newRun: true });
  const report = await status({ cwd: repo.dir });
  return { ok: result.status === 'finished' && result.problem === null, output: [...lines, result.stopReason, result.problem ?? ''].join('\n'), attempts: report.attempts };
};

/** `swarm eval` in the checkout. */
const evalHere = (repo: ProjectRepo) => evaluate({ cwd: repo.dir, signal: new AbortController().signal });

const expectScored = (attempts: StatusReport['attempts']): void => {
  const baseline = attempts.find((a) => a.role === 'baseline');
  expect(baseline).toMatchObject({ status: 'scored' });
  const scored = attempts.filter((a) => a.role !== 'baseline' && a.status === 'scored');
  expect(scored.length).toBeGreaterThanOrEqual(1);
};

const EVALUATE_DATA = `import csv
import json
import program

points = [(float(a), float(b)) for a, b in csv.reader(open("data/points.csv"))]
print(json.dumps({"score": program.score(points)}))
`;

describe('a Python project with a gitignored data/ and a .venv', () => {
  it('doctor names each fix in turn (setup, then the link), passes once configured, and the run scores', async () => {
    const repo = project(
      { '.gitignore': '.venv/\ndata/\n', 'program.py': PY_PROGRAM, 'evaluate.py': EVALUATE_DATA, 'prompt.md': 'Fit SCALE.\n' },
      { evaluator: { command: '.venv/bin/python evaluate.py', protect: ['evaluate.py'], timeout: '60s' } },
    );
    repo.sh('python3 -m venv --without-pip .venv && mkdir -p data && printf "1,2\\n2,4\\n3,6\\n" > data/points.csv');
    // In the checkout the evaluator works, which is why the old advice ("try swarm eval") misled.
    expect(await evalHere(repo)).toMatchObject({ valid: true });

    const noSetup = await doctorFindings(repo.dir);
    expect(noSetup.problems.join('\n')).toMatch(/^the evaluator command runs \.venv\/bin\/python, which your checkout has but git ignores \(\.venv\/ is built, not committed\): add a workspace\.setup command/m);
    const failedRun = await runAndStatus(repo);
    expect(failedRun.ok).toBe(false);
    expect(failedRun.output).toContain('add a workspace.setup command that builds .venv/');
    expect(failedRun.output).not.toContain('try `swarm eval`');

    repo.configure({ evaluator: { command: '.venv/bin/python evaluate.py', protect: ['evaluate.py'], timeout: '60s' }, workspace: { setup: ['python3 -m venv --without-pip .venv'] } });
    const noLink = await doctorFindings(repo.dir);
    expect(noLink.problems.join('\n')).toContain('evaluate.py opened data/points.csv, which your checkout has but git ignores: add `data/` to workspace.link or .worktreeinclude');

    repo.configure({ evaluator: { command: '.venv/bin/python evaluate.py', protect: ['evaluate.py'], timeout: '60s' }, workspace: { setup: ['python3 -m venv --without-pip .venv'], link: ['data/'] } });
    const ready = await doctorFindings(repo.dir);
    expect(ready.baseline).toMatchObject({ ok: true, score: -14 });
    expect(ready.problems).toEqual([]);
    expect(ready.report.backends.find((b) => b.backend === ready.report.configured)?.ok).toBe(true);

    const run = await runAndStatus(repo);
    expect(run.ok, run.output).toBe(true);
    expectScored(run.attempts);
    // One prepared environment for the key, reused by every later worktree.
    expect(readdirSync(join(repo.dir, '.swarm', 'setup-cache')).filter((name) => !name.startsWith('.'))).toHaveLength(1);
    const last = await show({ cwd: repo.dir, attemptId: run.attempts.at(-1)?.id ?? 'a1' });
    expect(last.workspace?.setup).toMatchObject({ reused: true, failed: false });
  }, 240_000);
});

describe('a Node project with a dependency from a local file: package', () => {
  it('doctor names node_modules and workspace.setup, passes with `npm ci`, and the run scores', async () => {
    const repo = project(
      {
        '.gitignore': 'node_modules/\ndist/\n',
        'vendor/helper/package.json': '{"name":"helper","version":"1.0.0","main":"index.js"}\n',
        'vendor/helper/index.js': 'module.exports = { square: (x) => x * x };\n',
        'package.json': '{"name":"proj","version":"1.0.0","private":true,"dependencies":{"helper":"file:./vendor/helper"},"scripts":{"build":"node build.js"}}\n',
        'build.js': "const fs = require('node:fs');\nfs.mkdirSync('dist', { recursive: true });\nfs.copyFileSync('src/main.js', 'dist/main.js');\n",
        'src/main.js': "const { square } = require('helper');\n// EVOLVE-BLOCK-START\nconst k = 1.5;\n// EVOLVE-BLOCK-END\nconsole.log(JSON.stringify({ score: -square(k - 3) }));\n",
        'prompt.md': 'Tune k.\n',
      },
      { evaluator: { command: 'npm run --silent build && node dist/main.js', protect: ['build.js'], timeout: '60s' } },
    );
    // The lock file committed; node_modules/ not installed in the checkout (a fresh clone). With it
    // installed there, Node would find it from the worktrees below the checkout (see decisions.md).
    repo.sh('npm install --offline --no-audit --no-fund --loglevel=error && rm -rf node_modules');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'lock file');
    const before = await doctorFindings(repo.dir);
    expect(before.problems.join('\n')).toContain("dist/main.js needs node_modules/helper, which no worktree has (node_modules/ is installed, not committed): add a workspace.setup command that installs it");

    repo.configure({ evaluator: { command: 'npm run --silent build && node dist/main.js', protect: ['build.js'], timeout: '60s' }, workspace: { setup: ['npm ci --offline --no-audit --no-fund --loglevel=error'] } });
    const after = await doctorFindings(repo.dir);
    expect(after.problems).toEqual([]);
    expect(after.baseline).toMatchObject({ ok: true });
    const run = await runAndStatus(repo);
    expect(run.ok, run.output).toBe(true);
    expectScored(run.attempts);
  }, 240_000);
});

const TOKEN = 'sk-carried-0123456789abcdef';

/** Every file below `dir` (worktrees and the setup cache left out) that contains `text`. */
const filesContaining = (dir: string, text: string): string[] => {
  const found: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (name === 'worktrees' || name === 'setup-cache') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (readFileSync(full).includes(text)) found.push(full);
    }
  };
  walk(dir);
  return found;
};

describe('a .env carried in by .worktreeinclude', () => {
  it('doctor asks for it to be carried; once it is, the run scores and its value is in no file swarm wrote', async () => {
    const evaluate = `import json
import sys
import program

token = dict(line.strip().split("=", 1) for line in open(".env") if "=" in line)["API_TOKEN"]
print("using token " + token, file=sys.stderr)
print(json.dumps({"score": program.score([(1.0, 2.0)]), "feedback": "called the API with " + token}))
`;
    const repo = project(
      { '.gitignore': '.env\n', 'program.py': PY_PROGRAM, 'evaluate.py': evaluate, 'prompt.md': 'Fit SCALE.\n' },
      { evaluator: { command: 'python3 evaluate.py', protect: ['evaluate.py'], timeout: '60s' } },
    );
    repo.write({ '.env': `API_TOKEN=${TOKEN}\n` });
    const before = await doctorFindings(repo.dir);
    expect(before.problems.join('\n')).toContain('evaluate.py opened .env, which your checkout has but git ignores: add `.env` to workspace.link or .worktreeinclude');
    expect(JSON.stringify(before.report)).not.toContain(TOKEN);

    repo.write({ '.worktreeinclude': '.env\n' });
    repo.configure({ evaluator: { command: 'python3 evaluate.py', protect: ['evaluate.py'], timeout: '60s' } });
    const after = await doctorFindings(repo.dir);
    expect(after.problems).toEqual([]);
    expect(after.baseline).toMatchObject({ ok: true });
    const evaluated = await evalHere(repo);
    expect(evaluated.valid).toBe(true);
    expect(evaluated.feedback).toContain('called the API with [redacted]');
    expect(JSON.stringify(evaluated)).not.toContain(TOKEN);
    const run = await runAndStatus(repo);
    expect(run.output).not.toContain(TOKEN);
    expect(run.ok, run.output).toBe(true);
    expectScored(run.attempts);
    expect(filesContaining(join(repo.dir, '.swarm'), TOKEN)).toEqual([]);
    const baseline = JSON.stringify(await show({ cwd: repo.dir, attemptId: 'a1' }));
    expect(baseline).toContain('[redacted]');
    expect(baseline).not.toContain(TOKEN);
    // No branch of the run holds the carried file.
    expect(repo.git('log', '--all', '--format=%H', '--', '.env').trim()).toBe('');
  }, 240_000);
});

describe('a repository whose evaluator imports from a submodule', () => {
  it('checks the submodule out in every worktree from the main repository: doctor passes and the run scores', async () => {
    const lib = makeProject({ 'helper.py': 'OFFSET = 2.0\n' }, {});
    cleanups.push(lib.cleanup);
    const evaluate = `import json
import sys
sys.path.insert(0, "vendor/lib")
import helper
import program

print(json.dumps({"score": program.score([(1.0, helper.OFFSET)])}))
`;
    const repo = project({ 'program.py': PY_PROGRAM, 'evaluate.py': evaluate, 'prompt.md': 'Fit SCALE.\n' }, { evaluator: { command: 'python3 evaluate.py', protect: ['evaluate.py'], timeout: '60s' } });
    repo.git('submodule', 'add', '--quiet', lib.dir, 'vendor/lib');
    repo.git('commit', '-q', '-m', 'vendor lib');
    // The library's origin is gone: worktrees must come from the main repository's module store.
    lib.cleanup();
    const doctor = await doctorFindings(repo.dir);
    expect(doctor.baseline?.provisioned).toContain('submodules vendor/lib');
    expect(doctor.problems).toEqual([]);
    expect(doctor.baseline).toMatchObject({ ok: true });
    const run = await runAndStatus(repo);
    expect(run.ok, run.output).toBe(true);
    expectScored(run.attempts);
  }, 240_000);
});
