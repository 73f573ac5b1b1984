import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildLineage, NOISY_EVAL, PROGRAM } from '../support/review-lineage.js';
import { join } from 'node:path';
import { SwarmStore } from '../../src/store/swarm-store.js';
import { ensureSlurm } from '../support/slurm.js';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

const measured = z.object({ status: z.literal('measured'), withinNoise: z.boolean(), contribution: z.object({ mean: z.number() }) });
const report = z.object({ steps: z.array(z.object({ attempt: z.string(), ablation: z.unknown() })) });

/** Cases against the one test cluster; run from slurm.test.ts, one file so no two use it at once. */
export const slurmReviewCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('swarm review on the slurm runner', () => {
    let repo: ToyRepo;
    let review: CliResult;

    beforeAll(async () => {
      ensureSlurm();
      repo = createToyRepo(
        { evaluator: { command: 'node noisy-eval.js', protect: ['noisy-eval.js'], runner: 'slurm', noiseCheck: false }, concurrency: { evaluations: 2 } },
        { 'noisy-eval.js': NOISY_EVAL, 'prog.js': PROGRAM },
      );
      buildLineage(repo);
      review = await runCli(repo.dir, ['review', 'a4', '--seeds', '2', '--json']);
    }, 240_000);

    afterAll(() => repo.cleanup());

    it('evaluates every program as a batch job and still tells the essential step from the useless one', () => {
      expect(review.stderr).toBe('');
      expect(review.code).toBe(0);
      const steps = report.parse(JSON.parse(review.stdout)).steps;
      const byId = new Map(steps.map((s) => [s.attempt, s.ablation]));
      expect(measured.parse(byId.get('a2')).withinNoise).toBe(false);
      expect(measured.parse(byId.get('a2')).contribution.mean).toBeGreaterThan(3);
      expect(measured.parse(byId.get('a3')).contribution.mean).toBeLessThan(1);
      const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
      try {
        const reviews = ['a1', 'a2', 'a3', 'a4'].flatMap((id) => store.listEvaluations(id).filter((e) => e.kind === 'review'));
        // 4 programs on the lineage + 3 ablations, 2 seeds each, each its own batch job.
        expect(reviews).toHaveLength(14);
        expect(new Set(reviews.map((e) => e.jobId)).size).toBe(14);
        expect(reviews.every((e) => e.jobId !== null && e.cluster?.state === 'COMPLETED')).toBe(true);
      } finally {
        store.close();
      }
    });
  });
};
