import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SlurmSettings } from '../../src/config-assembly/index.js';
import type { EvalJob, EvalOutcome } from '../../src/core/ports/index.js';
import { recoverExitedJob } from '../../src/eval/recover-exited.js';
import { SlurmEvaluatorRunner } from '../../src/eval/runners/slurm/slurm-runner.js';
import { ensureSlurm, jobState, resumeNode, scontrol, swarmJobs, waitFor } from '../support/slurm.js';
import { makeJob, makeTempDir, noAbort, sh } from '../eval/support.js';

const settings = (fields: Partial<SlurmSettings> = {}): SlurmSettings => ({
  partition: null, gpus: 0, gres: null, cpus: 1, memory: null, extraArgs: [], pollMs: 200, retries: 1, ...fields,
});
const runner = (fields: Partial<SlurmSettings> = {}): SlurmEvaluatorRunner =>
  new SlurmEvaluatorRunner({ settings: settings(fields), baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });

/** An evaluator as a node one-liner: prints its GPUs and a score, after `sleepMs`. */
const evaluator = (sleepMs: number, score = 1): string =>
  `${sh(process.execPath)} -e ${sh(`setTimeout(() => console.log(JSON.stringify({ score: ${score}, gpus: (process.env.CUDA_VISIBLE_DEVICES ?? '').split(',').filter(Boolean).length, hip: (process.env.HIP_VISIBLE_DEVICES ?? '').length > 0 ? 1 : 0 })), ${sleepMs})`)}`;

/** Cases against the one test cluster; run from slurm.test.ts, one file so no two use it at once. */
export const slurmRunnerCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('slurm runner against a real one-node cluster', () => {
    let temp: Awaited<ReturnType<typeof makeTempDir>>;
    const job = (fields: Partial<EvalJob> = {}): EvalJob => makeJob(temp.dir, { env: { SWARM_ATTEMPT_ID: 'a9' }, ...fields });

    beforeAll(async () => {
      ensureSlurm();
      temp = await makeTempDir();
    }, 200_000);

    afterEach(() => {
      // A test that failed half-way must not leave a node down or jobs holding the GPUs.
      resumeNode();
    });

    afterAll(async () => temp.cleanup());

    it('runs an evaluation as a batch job with a GPU bound by Slurm, and records job, node and pending time', async () => {
      const outcome = await runner({ gpus: 1 }).run(job({ command: evaluator(100, 2.5), stage: 'gpu' }), noAbort());
      expect(outcome).toMatchObject({ valid: true, score: 2.5, metrics: { score: 2.5, gpus: 1, hip: 1 }, exitCode: 0, timedOut: false });
      expect(outcome.jobId).toMatch(/^\d+$/);
      expect(outcome.cluster).toMatchObject({ node: 'localhost', state: 'COMPLETED', retries: 0 });
      expect(outcome.cluster?.pendingMs).toBeGreaterThanOrEqual(0);
    });

    it('keeps the job environment out of the job script in the logs: sbatch exports exactly the job\'s variables', async () => {
    const canary = 'canary-token-7f3a91';
    // SLURM_GET_USER_ENV marks a job whose start first ran the user's login shell on the node (what
    // a list of names or NONE in --export does): a slow profile held every job for a minute.
    const command = `${sh(process.execPath)} -e ${sh('console.log(JSON.stringify({ score: (process.env.API_TOKEN ?? "").length, leaked: process.env.NOT_EXPORTED === undefined ? 0 : 1, loginShell: process.env.SLURM_GET_USER_ENV === undefined ? 0 : 1 }))')}`;
    process.env.NOT_EXPORTED = 'from the test process';
    try {
      const outcome = await runner().run(job({ command, stage: 'env', env: { SWARM_ATTEMPT_ID: 'a9', API_TOKEN: canary } }), noAbort());
      expect(outcome).toMatchObject({ valid: true, score: canary.length, metrics: { leaked: 0, loginShell: 0 } });
    } finally {
      delete process.env.NOT_EXPORTED;
    }
    const scripts = readdirSync(join(temp.dir, 'logs')).filter((name) => name.endsWith('.slurm.sh'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect(readFileSync(join(temp.dir, 'logs', name), 'utf8')).not.toContain(canary);
  });

  it('records a failing program as invalid with its exit code and output, without resubmitting it', async () => {
      const outcome = await runner().run(job({ command: `echo broken >&2; exit 3`, stage: 'fails' }), noAbort());
      expect(outcome).toMatchObject({ valid: false, exitCode: 3, reason: 'evaluator exited with code 3: broken', cluster: { state: 'FAILED', retries: 0 } });
      expect(outcome.stderrTail).toContain('broken');
    });

    it('stops with a configuration error naming the fix when the node cannot see the checkout', async () => {
      const error: unknown = await runner().run(job({ cwd: '/nonexistent/swarm-checkout', stage: 'unseen' }), noAbort()).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/cannot enter the checkout \/nonexistent\/swarm-checkout: the compute nodes must see the repository/) });
    });

    it('a recorded job leaves its exit record from the node: a resume builds the same outcome from it instead of submitting it again', async () => {
      // What a driver killed while the job ran finds on resume (issue 41): the job ended on the node,
      // its record and output are on the shared filesystem, and the outcome is the live one.
      const comparable = (o: EvalOutcome): Partial<EvalOutcome> => ({ valid: o.valid, score: o.score, metrics: o.metrics, reason: o.reason, exitCode: o.exitCode, stdoutTail: o.stdoutTail, stderrTail: o.stderrTail });
      for (const [stage, command] of [['recorded', evaluator(50, 4.5)], ['recorded-fails', 'echo broken >&2; exit 3']] as const) {
        const recorded = job({ command, stage, record: { kind: 'official', commit: 'c0ffee', occurrence: 1 } });
        const live = await runner().run(recorded, noAbort());
        const found = await recoverExitedJob(recorded);
        expect(found).not.toBeNull();
        expect(comparable(found!)).toEqual(comparable(live));
        // Another commit's job, or the same job unrecorded, is not taken from it.
        expect(await recoverExitedJob({ ...recorded, record: { kind: 'official', commit: 'other', occurrence: 1 } })).toBeNull();
        const { record: _record, ...unrecorded } = recorded;
        expect(await recoverExitedJob(unrecorded)).toBeNull();
      }
    });

    it('scancels a job that runs past its timeout', async () => {
      const outcome = await runner().run(job({ command: 'sleep 60', stage: 'hangs', timeoutMs: 1500 }), noAbort());
      expect(outcome).toMatchObject({ valid: false, timedOut: true });
      expect(outcome.reason).toMatch(/^evaluator timed out after 1\.5 s \(stage hangs\)/);
      expect(jobState(outcome.jobId ?? '')).toBe('CANCELLED');
    });

    it('a job needing both GPUs waits until another evaluation frees its GPU; an abort scancels a pending job', async () => {
      const holder = runner({ gpus: 1 }).run(job({ command: evaluator(3000), stage: 'holds-one' }), noAbort());
      await waitFor('the first job to run', () => swarmJobs().some((id) => jobState(id) === 'RUNNING'));
      const both = await runner({ gpus: 2 }).run(job({ command: evaluator(0), stage: 'needs-two' }), noAbort());
      const first = await holder;
      expect(both).toMatchObject({ valid: true, metrics: { gpus: 2 } });
      expect(both.cluster?.pendingMs).toBeGreaterThan(1000);
      // Now a pending job: both GPUs taken, a third evaluation waits and is canceled while it waits.
      const controller = new AbortController();
      const busy = runner({ gpus: 2 }).run(job({ command: evaluator(4000), stage: 'busy' }), noAbort());
      await waitFor('the busy job to run', () => swarmJobs().some((id) => jobState(id) === 'RUNNING'));
      const waiting = runner({ gpus: 1 }).run(job({ command: evaluator(0), stage: 'waits' }), controller.signal);
      await waitFor('the third job to be pending', () => swarmJobs().some((id) => jobState(id) === 'PENDING'));
      const pendingId = swarmJobs().find((id) => jobState(id) === 'PENDING') ?? '';
      controller.abort();
      expect(await waiting).toMatchObject({ valid: false, reason: 'evaluation canceled' });
      expect(jobState(pendingId)).toBe('CANCELLED');
      expect(first.valid).toBe(true);
      await busy;
    });

    it('a node that goes down mid-job is a cluster failure, and the evaluation is resubmitted once', async () => {
      const before = new Set(swarmJobs());
      const result = runner().run(job({ command: evaluator(4000, 7), stage: 'node-down' }), noAbort());
      await waitFor('the job to run', () => swarmJobs().some((id) => !before.has(id) && jobState(id) === 'RUNNING'));
      const [firstId] = swarmJobs().filter((id) => !before.has(id));
      scontrol('update', 'nodename=localhost', 'state=down', 'reason=swarm-test');
      await waitFor('the first job to fail and a second to be submitted', () => swarmJobs().filter((id) => !before.has(id)).length >= 2);
      resumeNode();
      const outcome = await result;
      expect(jobState(firstId ?? '')).toBe('NODE_FAIL');
      expect(outcome).toMatchObject({ valid: true, score: 7, cluster: { state: 'COMPLETED', retries: 1 } });
    });
  });
};
