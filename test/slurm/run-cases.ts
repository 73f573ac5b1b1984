import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ensureSlurm, jobState, swarmJobs, waitFor } from '../support/slurm.js';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

// The toy evaluator, reporting how many GPUs Slurm bound to the job; attempts after the baseline
// take `TOY_SLOW_MS` (set through evaluator.env: batch jobs start with a clean environment).
const EVALUATOR = `const { execFileSync } = require('node:child_process');
const slow = Number(process.env.TOY_SLOW_MS ?? '0');
if (slow > 0 && process.env.SWARM_ATTEMPT_ID !== 'a1') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, slow);
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
const gpus = (process.env.CUDA_VISIBLE_DEVICES ?? '').split(',').filter(Boolean).length;
console.log(JSON.stringify({ score: out.value, gpus }));
`;

const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), valid: z.number(), job_id: z.string().nullable(), cluster_json: z.string().nullable(), metrics_json: z.string() });
const cluster = z.object({ node: z.string().nullable(), state: z.string(), pendingMs: z.number().nullable(), retries: z.number() });

/** Cases against the one test cluster; run from slurm.test.ts, one file so no two use it at once. */
export const slurmRunCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('swarm run with evaluator.runner "slurm"', () => {
    let repo: ToyRepo;
    let run: CliResult;

    beforeAll(async () => {
      ensureSlurm();
      repo = createToyRepo({
        evaluator: { command: `${process.execPath} evaluate.js`, runner: 'slurm', slurm: { gpus: 1, cpus: 1, pollInterval: '200ms' } },
        budget: { attempts: 3 },
      }, { 'evaluate.js': EVALUATOR });
      run = await runCli(repo.dir, ['run']);
    }, 240_000);

    afterAll(() => repo.cleanup());

    it('scores every attempt with a batch job that holds one GPU, and shows the job in swarm show', async () => {
      expect(run.code).toBe(0);
      const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
      const rows = z.array(evaluationRow).parse(db.prepare("SELECT attempt_id, kind, valid, job_id, cluster_json, metrics_json FROM evaluations WHERE kind IN ('baseline', 'official')").all());
      db.close();
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const row of rows) {
        expect({ attempt: row.attempt_id, job: row.job_id }).toEqual({ attempt: row.attempt_id, job: expect.stringMatching(/^\d+$/) });
        expect(cluster.parse(JSON.parse(row.cluster_json ?? 'null'))).toMatchObject({ node: 'localhost', state: 'COMPLETED' });
        expect(JSON.parse(row.metrics_json)).toMatchObject({ gpus: 1 });
      }
      const show = await runCli(repo.dir, ['show', 'a2']);
      expect(show.stdout).toMatch(/job {6}slurm job \d+ on localhost · COMPLETED · pending /);
    });

    it('a second Ctrl-C scancels the running and the pending evaluation jobs', async () => {
      const slow = createToyRepo({
        evaluator: { command: `${process.execPath} evaluate.js`, runner: 'slurm', slurm: { gpus: 2, cpus: 1, pollInterval: '200ms' }, env: { TOY_SLOW_MS: '120000' } },
        budget: { attempts: 4 },
        concurrency: { agents: 2, evaluations: 2 },
      }, { 'evaluate.js': EVALUATOR });
      try {
        const before = new Set(swarmJobs());
        const ours = (): string[] => swarmJobs().filter((id) => !before.has(id));
        const cli = startCli(slow.dir, ['run']);
        // Two explorers' evaluations each need both GPUs: one runs, the other waits.
        await waitFor('one running and one pending evaluation job', () => {
          const states = ours().map(jobState);
          return states.includes('RUNNING') && states.includes('PENDING');
        }, 120_000);
        const live = ours().filter((id) => ['RUNNING', 'PENDING'].includes(jobState(id)));
        cli.child.kill('SIGINT');
        await new Promise((resolve) => setTimeout(resolve, 300));
        cli.child.kill('SIGINT');
        const result = await cli.done;
        expect(result.code).toBe(130);
        expect(live.map(jobState)).toEqual(live.map(() => 'CANCELLED'));
      } finally {
        slow.cleanup();
      }
    }, 240_000);
  });
};
