import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { buildLineage, NOISY_EVAL, PROGRAM } from '../../support/review-lineage.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm review` prints; what it measures and records is test/app/steer/review-lineage.test.ts.
describe('swarm review on the command line', () => {
  let repo: ToyRepo;

  beforeAll(() => {
    repo = createToyRepo({ evaluator: { command: 'node noisy-eval.js', protect: ['noisy-eval.js'] } }, { 'noisy-eval.js': NOISY_EVAL, 'prog.js': PROGRAM });
    buildLineage(repo);
  });
  afterAll(() => repo.cleanup());

  it('prints a table that flags the step within noise; --json prints the report', async () => {
    const text = await runCli(repo.dir, ['review', 'a4', '--seeds', '3']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^review of a4 \(run r1\) · score \(maximize\) · seeds 5, 6, 7$/m);
    expect(text.stdout).toMatch(/^a3 .*within noise$/m);
    expect(text.stdout).toMatch(/^within noise \(the 95 % interval of its contribution includes 0\): a3$/m);
    const json = await runCli(repo.dir, ['review', 'a2', '--seeds', '2', '--json']);
    expect(json.code).toBe(0);
    const report = z.object({ attempt: z.string(), seeds: z.array(z.number()), steps: z.array(z.object({ attempt: z.string() })) }).parse(JSON.parse(json.stdout));
    expect([report.attempt, report.steps.map((s) => s.attempt)]).toEqual(['a2', ['a1', 'a2']]);
    const bad = await runCli(repo.dir, ['review', 'a4', '--seeds', '0']);
    expect(bad.code).toBe(2);
  }, 120_000);

  it('shows a conflicting revert as one line and a pointer to its log, never git\'s own output', async () => {
    // a5 rewrites the line a2 changed: taking a2 back from a5 cannot apply.
    const file = join(repo.dir, 'prog.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('const a = 3.0;', 'const a = 2.5;'));
    repo.git('commit', '-q', '-am', 'rewrite a');
    const conflicted = repo.git('rev-parse', 'HEAD').trim();
    const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
    try {
      const a5 = store.createAttempt({ runId: 'r1', wave: 1, role: 'optimizer', operator: 'deepen', backend: 'local', seed: 5, context: null, parents: ['a4'], informedBy: [], paths: (id) => ({ branch: `swarm/r1/${id}`, logDir: join(repo.dir, '.swarm', 'logs', id) }) });
      store.updateAttempt(a5.id, { status: 'scored', phase: 'done', headCommit: conflicted, tipCommit: conflicted, score: 0, valid: true });
    } finally {
      store.close();
    }
    const text = await runCli(repo.dir, ['review', 'a5', '--seeds', '2']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^a2 .*revert conflicts \(prog\.js\): not measured/m);
    const pointer = /^a2: git could not take the step back from the final program; its output is in (.+)$/m.exec(text.stdout);
    expect(pointer).not.toBeNull();
    expect(`${text.stdout}${text.stderr}`).not.toMatch(/Applied patch|Falling back|^U /m);
    expect(readFileSync(pointer?.[1] ?? '', 'utf8')).toMatch(/prog\.js/);
  }, 120_000);
});
