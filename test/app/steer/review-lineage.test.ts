import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { review as reviewAttempt, type ReviewReport } from '../../../src/index.js';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { buildLineage, NOISY_EVAL, PROGRAM } from '../../support/review-lineage.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/** `swarm review <attempt> --seeds <n>` through the API (5 seeds is the CLI's default). */
const review = (cwd: string, attempt: string, seeds: number): Promise<ReviewReport> => reviewAttempt({ cwd, attempt, seeds, signal: new AbortController().signal });

// The table `swarm review` prints, and that git's output stays off the screen: test/cli/commands/review-lineage.test.ts.
describe('review', () => {
  let repo: ToyRepo;
  let json: ReviewReport;
  let again: ReviewReport;

  beforeAll(async () => {
    repo = createToyRepo({ evaluator: { command: 'node noisy-eval.js', protect: ['noisy-eval.js'] } }, { 'noisy-eval.js': NOISY_EVAL, 'prog.js': PROGRAM });
    buildLineage(repo);
    json = await review(repo.dir, 'a4', 5);
    again = await review(repo.dir, 'a4', 3);
  }, 180_000);

  afterAll(() => repo.cleanup());

  it('re-measures each step with 5 fresh seeds and finds the essential step clearly positive, the useless one within noise', () => {
    const parsed = json;
    expect([parsed.run, parsed.attempt, parsed.metric, parsed.direction, parsed.interrupted]).toEqual(['r1', 'a4', 'score', 'maximize', false]);
    // Seeds 1–4 are the run's own.
    expect(parsed.seeds).toEqual([5, 6, 7, 8, 9]);
    expect(parsed.steps.map((s) => s.attempt)).toEqual(['a1', 'a2', 'a3', 'a4']);
    const [baseline, essential, useless, last] = parsed.steps;
    expect(baseline?.score.mean).toBeCloseTo(-13, 0);
    expect(baseline?.ablation).toBeNull();
    expect(essential?.gain?.low).toBeGreaterThan(3);
    const removeEssential = essential?.ablation;
    expect(removeEssential?.status).toBe('measured');
    if (removeEssential?.status !== 'measured') return;
    expect(removeEssential.withinNoise).toBe(false);
    expect(removeEssential.contribution.low).toBeGreaterThan(3);
    const removeUseless = useless?.ablation;
    if (removeUseless?.status !== 'measured') throw new Error(`the useless step was not measured: ${JSON.stringify(removeUseless)}`);
    expect(removeUseless.withinNoise).toBe(true);
    expect(removeUseless.contribution.low).toBeLessThan(0);
    expect(removeUseless.contribution.high).toBeGreaterThan(0);
    // b from 2 to 0: -(b+1)^2 from -9 to -1.
    expect(last?.ablation?.status === 'measured' && last.ablation.contribution.mean).toBeGreaterThan(7);
  });

  it('records every evaluation as kind "review" and leaves no worktree or branch change behind', () => {
    const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
    try {
      const reviews = ['a1', 'a2', 'a3', 'a4'].flatMap((id) => store.listEvaluations(id).filter((e) => e.kind === 'review'));
      // (4 steps + 3 ablations) × (5 + 3 seeds).
      expect(reviews).toHaveLength(7 * 8);
      expect(new Set(reviews.map((e) => e.seed))).toEqual(new Set([5, 6, 7, 8, 9]));
    } finally {
      store.close();
    }
    expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('a second review takes the same fresh seeds and flags the useless step within noise again', () => {
    expect(again.seeds).toEqual([5, 6, 7]);
    expect(again.steps.filter((s) => s.ablation?.status === 'measured' && s.ablation.withinNoise).map((s) => s.attempt)).toEqual(['a3']);
  });

  it('reports a revert that conflicts instead of guessing', async () => {
    // a5 rewrites the line a2 changed: taking a2 back from a5 cannot apply.
    const branch = repo.git('rev-parse', 'HEAD').trim();
    expect(branch).not.toBe('');
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
    const parsed = await review(repo.dir, 'a5', 2);
    expect(parsed.interrupted).toBe(false);
    const conflict = parsed.steps.find((s) => s.attempt === 'a2')?.ablation;
    expect(conflict).toMatchObject({ status: 'conflict', files: ['prog.js'] });
    expect(parsed.steps.find((s) => s.attempt === 'a3')?.ablation?.status).toBe('measured');
    // git's output of the failed revert is kept in the review's log.
    expect(readFileSync(conflict?.status === 'conflict' ? conflict.log : '', 'utf8')).toMatch(/prog\.js/);
  });
});

describe('review of a merge step', () => {
  let repo: ToyRepo;

  beforeAll(() => {
    repo = createToyRepo({ evaluator: { command: 'node noisy-eval.js', protect: ['noisy-eval.js'] } }, { 'noisy-eval.js': NOISY_EVAL, 'prog.js': PROGRAM });
    buildLineage(repo);
  });

  afterAll(() => repo.cleanup());

  it('takes back a merge with everything it brought in, as one unit', async () => {
    const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
    const tipOf = (id: string): string => store.requireAttempt(id).tipCommit ?? '';
    try {
      // a5 (from the baseline) sets b to 0; a6 merges a5 into a2 and changes nothing else.
      repo.git('checkout', '-q', '-b', 'side', tipOf('a1'));
      const file = join(repo.dir, 'prog.js');
      writeFileSync(file, readFileSync(file, 'utf8').replace('const b = 2.0;', 'const b = 0.0;'));
      repo.git('commit', '-q', '-am', 'a5: set b to 0');
      const side = repo.git('rev-parse', 'HEAD').trim();
      repo.git('checkout', '-q', '-b', 'merged', tipOf('a2'));
      repo.git('merge', '-q', '--no-ff', '-m', 'a6: merge a5 into a2', 'side');
      const merge = repo.git('rev-parse', 'HEAD').trim();
      const add = (parents: string[], head: string): string => {
        const a = store.createAttempt({ runId: 'r1', wave: 2, role: 'explorer', operator: 'merge', backend: 'local', seed: 9, context: null, parents, informedBy: [], paths: (id) => ({ branch: `swarm/r1/${id}`, logDir: join(repo.dir, '.swarm', 'logs', id) }) });
        store.updateAttempt(a.id, { status: 'scored', phase: 'done', headCommit: head, tipCommit: head, score: 0, valid: true });
        return a.id;
      };
      const a5 = add(['a1'], side);
      expect(add(['a2', a5], merge)).toBe('a6');
    } finally {
      store.close();
    }
    const { steps } = await review(repo.dir, 'a6', 3);
    expect(steps.map((s) => s.attempt)).toEqual(['a1', 'a2', 'a6']);
    expect(steps[2]?.merged).toEqual(['a5']);
    // Without the merge, b is back at 2: -(b+1)^2 from -1 to -9.
    const ablation = steps[2]?.ablation;
    expect(ablation?.status).toBe('measured');
    expect(ablation?.status === 'measured' && ablation.contribution.low).toBeGreaterThan(6);
  });
});
