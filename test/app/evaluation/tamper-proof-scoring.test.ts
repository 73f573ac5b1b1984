import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, show, status as getStatus, type StatusReport } from '../../../src/index.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/function-minimization', import.meta.url));
const FORGED = 0.987654321;

/**
 * The attack of issue 12: while attempt a3 (an explorer) is evaluated, its program rewrites the
 * protected evaluator. a6 (an optimizer of the local agent, which scores its steps with
 * `swarm eval`) does the same, so the agent's own evaluations are attacked too.
 */
const TAMPERERS = ['a3', 'a6'];
const TAMPER = `

import os as _os
if _os.environ.get("SWARM_ATTEMPT_ID") in ("a3", "a6") and _os.environ.get("SWARM_STAGE"):
    open("evaluate.py", "w").write('import json\\nprint(json.dumps({"score": ${FORGED}}))\\n')
`;

const branchesOf = (git: (...args: string[]) => string): string[] =>
  git('for-each-ref', '--format=%(refname:short)', 'refs/heads/swarm/').split('\n').filter((line) => line !== '');

describe('a program that rewrites the protected evaluator while it is evaluated', () => {
  let dir: string;
  let git: (...args: string[]) => string;
  let run: ApiRun;
  let status: StatusReport;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-tamper-'));
    cpSync(EXAMPLE, dir, { recursive: true });
    writeFileSync(join(dir, 'search.py'), readFileSync(join(dir, 'search.py'), 'utf8') + TAMPER);
    const config = JSON.parse(readFileSync(join(dir, '.swarmrc.json'), 'utf8')) as { budget: { attempts: number } };
    config.budget.attempts = 8;
    writeFileSync(join(dir, '.swarmrc.json'), JSON.stringify(config));
    git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'baseline');
    run = await runApi(dir);
    status = await getStatus({ cwd: dir });
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flags the attempt protected-violation and scores it invalid', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    const a3 = status.attempts.find((a) => a.id === 'a3');
    expect(a3?.status).toBe('invalid');
    expect(a3?.flags).toContain('protected-violation');
    expect(a3?.reason).toContain('evaluate.py');
  });

  // Every step refused, a6 ends with its parent's code, whose honest result it reuses.
  it("refuses the optimizer's own swarm eval scores too", async () => {
    expect(status.attempts.find((a) => a.id === 'a6')?.role).toBe('optimizer');
    const detail = await show({ cwd: dir, attemptId: 'a6' });
    const intermediate = detail.evaluations.filter((e) => e.kind === 'intermediate');
    expect(intermediate.length).toBeGreaterThan(0);
    for (const e of intermediate) {
      expect(e.valid).toBe(false);
      expect(e.reason).toContain('evaluate.py');
    }
  });

  it('lets no branch carry the changed evaluator', () => {
    const baseline = git('show', 'main:evaluate.py');
    const branches = branchesOf(git);
    expect(branches.length).toBe(status.attempts.length);
    for (const branch of branches) expect(git('show', `${branch}:evaluate.py`), branch).toBe(baseline);
    expect(git('log', '--all', '-p', '--', 'evaluate.py')).not.toContain(String(FORGED));
  });

  it('records no forged score anywhere', async () => {
    expect(status.attempts.map((a) => a.score)).not.toContain(FORGED);
    expect(status.best?.score).not.toBe(FORGED);
    for (const id of TAMPERERS) expect(JSON.stringify(await show({ cwd: dir, attemptId: id })), id).not.toContain(String(FORGED));
  });
});

/** An evaluator that leaves outputs behind and even commits them, as a careless one might. */
const LITTERING_EVALUATOR = `const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
fs.mkdirSync('out', { recursive: true });
fs.writeFileSync('out/result.txt', 'value ' + out.value + '\\n');
fs.writeFileSync('scratch.log', 'temporary\\n');
try { execFileSync('git', ['-c', 'user.name=e', '-c', 'user.email=e@e', 'add', '-A']); execFileSync('git', ['-c', 'user.name=e', '-c', 'user.email=e@e', 'commit', '-qm', 'evaluator output']); } catch {}
console.log(JSON.stringify({ score: out.value }));
`;

describe('what an evaluation writes', () => {
  let repo: ToyRepo;
  let run: ApiRun;
  let status: StatusReport;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 4 }, evaluator: { artifacts: ['out/**'] } }, { 'evaluate.js': LITTERING_EVALUATOR });
    run = await runApi(repo.dir);
    status = await getStatus({ cwd: repo.dir });
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('never enters a branch, even when the evaluator commits it', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    const branches = branchesOf(repo.git);
    expect(branches.length).toBe(status.attempts.length);
    for (const branch of branches) {
      const files = repo.git('ls-tree', '-r', '--name-only', branch).split('\n');
      expect(files, branch).not.toContain('out/result.txt');
      expect(files, branch).not.toContain('scratch.log');
      expect(repo.git('log', '--format=%s', branch), branch).not.toContain('evaluator output');
    }
    expect(status.attempts.filter((a) => a.status === 'scored').length).toBeGreaterThan(1);
  });

  it('keeps the declared artifacts, and only those, under .swarm/logs/<attempt>/artifacts', () => {
    for (const attempt of status.attempts.filter((a) => a.status === 'scored')) {
      const artifacts = join(repo.dir, '.swarm', 'logs', attempt.id, 'artifacts');
      expect(readFileSync(join(artifacts, 'out', 'result.txt'), 'utf8'), attempt.id).toMatch(/^value -?\d/);
      expect(existsSync(join(artifacts, 'scratch.log'))).toBe(false);
      expect(readdirSync(artifacts)).toEqual(['out']);
    }
  });
});

describe('swarm eval in a checkout', () => {
  let repo: ToyRepo;

  beforeAll(() => {
    const evaluator = `const fs = require('node:fs');
fs.writeFileSync('evaluate.js', 'console.log(JSON.stringify({ score: 1e9 }))');
fs.writeFileSync('left-behind.txt', 'output');
console.log(JSON.stringify({ score: 1 }));
`;
    repo = createToyRepo({}, { 'evaluate.js': evaluator });
  });
  afterAll(() => repo.cleanup());

  it('reports a program that changes a protected file as invalid and leaves the checkout as it found it', async () => {
    writeFileSync(join(repo.dir, 'prog.js'), `${readFileSync(join(repo.dir, 'prog.js'), 'utf8')}// an uncommitted edit\n`);
    const before = readFileSync(join(repo.dir, 'evaluate.js'), 'utf8');
    const result = await evaluate({ cwd: repo.dir, signal: new AbortController().signal });
    expect(result.valid).toBe(false);
    expect(result.reason).toContain('evaluate.js');
    expect(readFileSync(join(repo.dir, 'evaluate.js'), 'utf8')).toBe(before);
    expect(existsSync(join(repo.dir, 'left-behind.txt'))).toBe(false);
    expect(readFileSync(join(repo.dir, 'prog.js'), 'utf8')).toContain('// an uncommitted edit');
    expect(repo.git('status', '--porcelain')).toBe(' M prog.js\n');
  });

  it('does not take its own log and result files for changes to protected files', async () => {
    writeFileSync(join(repo.dir, '.swarmrc.json'), JSON.stringify({ evaluator: { command: 'node evaluate.js', protect: ['**/*.json', 'evaluate.js'] } }));
    writeFileSync(join(repo.dir, 'evaluate.js'), 'console.log(JSON.stringify({ score: 2 }))\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'honest evaluator, broad protection');
    expect(await evaluate({ cwd: repo.dir, signal: new AbortController().signal })).toMatchObject({ valid: true, score: 2 });
  });
});
