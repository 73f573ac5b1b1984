import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { swarmJobComment } from '../../src/slurm/job-tag.js';
import { processStartTime } from '../../src/process/process-identity.js';
import { ensureSlurm, LIVE_JOB_STATES, projectJobs, waitFor } from '../support/slurm.js';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

// The toy evaluator; an attempt after the baseline sleeps two minutes while the flag file named by
// TOY_SLOW_FLAG exists when it starts (batch jobs see only evaluator.env), so only the first driver's jobs hang;
// `<flag>.sleeping` says one has begun to.
const EVALUATOR = `const { execFileSync } = require('node:child_process');
const { existsSync, writeFileSync } = require('node:fs');
if (process.env.SWARM_ATTEMPT_ID !== 'a1' && existsSync(process.env.TOY_SLOW_FLAG)) {
  writeFileSync(process.env.TOY_SLOW_FLAG + '.sleeping', process.env.SWARM_ATTEMPT_ID);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120000);
}
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value }));
`;

const runRow = z.object({ id: z.string(), status: z.string() });

/** A project whose Slurm evaluations hang, its driver SIGKILLed while one of them runs. */
const killDriverMidJob = async (): Promise<{ repo: ToyRepo; left: string; cleanup: () => void }> => {
  const flags = mkdtempSync(join(tmpdir(), 'swarm-slurm-flag-'));
  const flag = join(flags, 'slow');
  writeFileSync(flag, '');
  const repo = createToyRepo({
    evaluator: { command: `${process.execPath} evaluate.js`, runner: 'slurm', slurm: { cpus: 1, pollInterval: '200ms' }, env: { TOY_SLOW_FLAG: flag }, noiseCheck: false },
    budget: { attempts: 3 },
    concurrency: { agents: 1, evaluations: 1 },
  }, { 'evaluate.js': EVALUATOR });
  const cli = startCli(repo.dir, ['run']);
  let ended: CliResult | null = null;
  void cli.done.then((result) => (ended = result));
  await waitFor('an attempt\'s evaluation job sleeping', () => {
    if (ended !== null) throw new Error(`swarm run ended (${ended.code}) before an evaluation job slept: ${ended.stdout}${ended.stderr}`);
    return existsSync(`${flag}.sleeping`);
  }, 120_000);
  cli.child.kill('SIGKILL');
  await cli.done;
  const running = projectJobs(repo.dir).filter((job) => job.state === 'RUNNING');
  // What the fix is for: the killed driver could not cancel it, so Slurm still runs it.
  expect(running).toHaveLength(1);
  rmSync(flag);
  return { repo, left: running[0]?.id ?? '', cleanup: () => { repo.cleanup(); rmSync(flags, { recursive: true, force: true }); } };
};

const runs = (dir: string): z.infer<typeof runRow>[] => {
  const db = new Database(join(dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return z.array(runRow).parse(db.prepare('SELECT id, status FROM runs ORDER BY seq').all());
  } finally {
    db.close();
  }
};

/** Cases against the one test cluster; run from slurm.test.ts, one file so no two use it at once. */
export const slurmRecoveryCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('a SIGKILLed driver leaves no Slurm job behind', () => {
    it('resuming the run cancels the evaluation job the killed driver left, then finishes the run', async () => {
      ensureSlurm();
      const { repo, left, cleanup } = await killDriverMidJob();
      try {
        const resumed = await runCli(repo.dir, ['run']);
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(resumed.stdout + resumed.stderr).toContain(`resuming run r1`);
        expect(resumed.stdout + resumed.stderr).toMatch(new RegExp(`cancelled 1 Slurm job\\(s\\) a stopped swarm process left: ${left} \\(swarm-r1-a\\d+-`));
        expect(projectJobs(repo.dir).find((job) => job.id === left)?.state).toBe('CANCELLED');
        expect(projectJobs(repo.dir).filter((job) => LIVE_JOB_STATES.includes(job.state))).toEqual([]);
        expect(runs(repo.dir)).toEqual([{ id: 'r1', status: 'finished' }]);
      } finally {
        cleanup();
      }
    }, 300_000);

    it('a new run on a project whose driver died cancels the earlier run\'s job too', async () => {
      ensureSlurm();
      const { repo, left, cleanup } = await killDriverMidJob();
      let evalJob = '';
      try {
        // An agent's own `swarm eval` the killed driver left, still alive, following a job of its own.
        const root = realpathSync(repo.dir);
        const orphan = spawn('sleep', ['300'], { env: { ...process.env, SWARM_RUN_ID: 'r1', SWARM_ATTEMPT_ID: 'a9', SWARM_REPO: root }, stdio: 'ignore' });
        const orphanEnded = new Promise<string | null>((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
        const orphanPid = orphan.pid ?? 0;
        const comment = swarmJobComment(root, { host: hostname(), pid: orphanPid, started: processStartTime(orphanPid) });
        evalJob = execFileSync('sbatch', ['--parsable', '--job-name=swarm-r1-a9-main', `--comment=${comment}`, '--time=5', '--output=/dev/null', '--wrap=sleep 240'], { encoding: 'utf8' }).trim();
        const fresh = await runCli(repo.dir, ['run', '--new']);
        expect(fresh.code, fresh.stderr).toBe(0);
        expect(fresh.stdout + fresh.stderr).toMatch(new RegExp(`cancelled 1 Slurm job\\(s\\) a stopped swarm process left: ${left} \\(swarm-r1-`));
        // Its submitter was alive when the driver looked first; killed as an orphan, its job went next.
        expect(fresh.stdout + fresh.stderr).toContain(`cancelled 1 Slurm job(s) a stopped swarm process left: ${evalJob} (swarm-r1-a9-main)`);
        expect(await orphanEnded).toBe('SIGKILL');
        expect(projectJobs(repo.dir).find((job) => job.id === left)?.state).toBe('CANCELLED');
        expect(projectJobs(repo.dir).find((job) => job.id === evalJob)?.state).toBe('CANCELLED');
        expect(projectJobs(repo.dir).filter((job) => LIVE_JOB_STATES.includes(job.state))).toEqual([]);
        expect(runs(repo.dir)).toEqual([{ id: 'r1', status: 'interrupted' }, { id: 'r2', status: 'finished' }]);
      } finally {
        if (evalJob !== '') execFileSync('scancel', [evalJob]);
        cleanup();
      }
    }, 300_000);
  });
};
