import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ensureSlurm, jobState, resumeNode, scontrol, waitFor } from '../support/slurm.js';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

// A command agent: reports the GPUs and the job it runs in, sets a = 3, scores it with `swarm eval`
// (the hand-off through the worktree), then sleeps TOY_AGENT_SLEEP_MS (reaching the job only
// because agent.slurm.passEnv names TOY_*).
const AGENT = `const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
console.log('cwd=' + process.cwd());
console.log('gpus=' + (process.env.CUDA_VISIBLE_DEVICES ?? '') + ' job=' + (process.env.SLURM_JOB_ID ?? '') + ' secret=' + (process.env.TOY_AGENT_SECRET ?? '') + ' unnamed=' + (process.env.UNNAMED_SECRET ?? '') + '.');
fs.writeFileSync('prog.js', fs.readFileSync('prog.js', 'utf8').replace('const a = 1.0', 'const a = 3.0'));
console.log(execFileSync('swarm', ['eval'], { encoding: 'utf8' }));
const sleep = Number(process.env.TOY_AGENT_SLEEP_MS ?? '0');
if (sleep > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, sleep);
console.log('HYPOTHESIS: a = 3 is best');
`;

const agentJob = z.object({ jobId: z.string(), node: z.string().nullable(), pendingMs: z.number().nullable(), state: z.string(), retries: z.number() });
const attemptRow = z.object({ id: z.string(), status: z.string(), error: z.string().nullable(), log_dir: z.string(), agent_job_json: z.string().nullable() });
const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), valid: z.number(), score: z.number().nullable() });

const readRun = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    const attempts = z.array(attemptRow).parse(db.prepare("SELECT id, status, error, log_dir, agent_job_json FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
    return {
      attempts: attempts.map((a) => ({ ...a, job: a.agent_job_json === null ? null : agentJob.parse(JSON.parse(a.agent_job_json)) })),
      evaluations: z.array(evaluationRow).parse(db.prepare("SELECT attempt_id, kind, valid, score FROM evaluations WHERE kind = 'intermediate' ORDER BY id").all()),
    };
  } finally {
    db.close();
  }
};

/** Cases of agent.runner "slurm" against the one test cluster; run from slurm.test.ts. */
export const slurmAgentCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('swarm run with agent.runner "slurm" (command backend)', () => {
    let scripts: string;
    const config = (slurm: Record<string, unknown> = {}, agent: Record<string, unknown> = {}) => ({
      agent: {
        backend: 'command', runner: 'slurm', timeout: '60s',
        command: { argv: [process.execPath, join(scripts, 'agent.js')] },
        slurm: { gpus: 1, cpus: 1, pollInterval: '200ms', passEnv: ['TOY_*'], ...slurm },
        ...agent,
      },
      budget: { attempts: 2 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
    });
    // The agent jobs of one repository (by their working directory): the cluster is shared with other suites.
    const agentJobsIn = (dir: string): string[] => {
      const root = realpathSync(dir);
      return execFileSync('squeue', ['-h', '--states=all', '-o', '%i|%j|%Z'], { encoding: 'utf8' }).split('\n')
        .map((line) => line.split('|'))
        .filter(([, name, workDir]) => name?.endsWith('-agent') === true && workDir !== undefined && workDir.startsWith(root))
        .map(([id]) => id ?? '').sort((a, b) => Number(a) - Number(b));
    };

    beforeAll(() => {
      ensureSlurm();
      scripts = mkdtempSync(join(tmpdir(), 'swarm-slurm-agent-'));
      writeFileSync(join(scripts, 'agent.js'), AGENT);
    }, 200_000);
    afterEach(() => resumeNode());
    afterAll(() => rmSync(scripts, { recursive: true, force: true }));

    describe('a run whose agents are batch jobs', () => {
      let repo: ToyRepo;
      let run: CliResult;
      let record: ReturnType<typeof readRun>;
      let shared: string;
      beforeAll(async () => {
        // The worktrees apart from the repository, as on a cluster's shared storage.
        shared = mkdtempSync(join(tmpdir(), 'swarm-shared-'));
        repo = createToyRepo({ ...config(), workspace: { dir: shared } });
        run = await runCli(repo.dir, ['run'], { TOY_AGENT_SECRET: 'named-only', UNNAMED_SECRET: 'never' });
        record = readRun(repo);
      }, 240_000);
      afterAll(() => {
        repo.cleanup();
        rmSync(shared, { recursive: true, force: true });
      });

      it('runs every agent as a job holding a GPU, stores the job, and records its `swarm eval`', () => {
        expect(run.code, run.stderr).toBe(0);
        expect(record.attempts).toHaveLength(2);
        for (const attempt of record.attempts) {
          expect(attempt.status).toBe('scored');
          expect(attempt.job).toMatchObject({ jobId: expect.stringMatching(/^\d+$/), node: 'localhost', state: 'COMPLETED', retries: 0, pendingMs: expect.any(Number) });
          const transcript = readFileSync(join(attempt.log_dir, 'command.jsonl'), 'utf8');
          // The GPU Slurm bound, in the job swarm stored, with the named variable and nothing else.
          expect(transcript).toMatch(new RegExp(`^cwd=${realpathSync(shared)}/swarm-toy-\\w+-[0-9a-f]{10}/worktrees/${attempt.id}$`, 'm'));
          expect(transcript).toContain(`gpus=0 job=${attempt.job?.jobId ?? '?'} secret=named-only unnamed=.`);
        }
        expect(record.evaluations).toEqual(record.attempts.map((a) => ({ attempt_id: a.id, kind: 'intermediate', valid: 1, score: -9 })));
        // The job's script and raw output (in the worktree's .swarm/agent-job/) are in no commit.
        for (const attempt of record.attempts) {
          const files = repo.git('ls-tree', '-r', '--name-only', `swarm/r1/${attempt.id}`).split('\n').filter(Boolean);
          expect(files).toContain('prog.js');
          expect(files.filter((file) => file.startsWith('.swarm/'))).toEqual([]);
        }
      });

      it('shows the agent job in swarm show', async () => {
        const first = record.attempts[0];
        const show = await runCli(repo.dir, ['show', first?.id ?? 'a2']);
        expect(show.stdout).toMatch(new RegExp(`agent job +slurm job ${first?.job?.jobId ?? '?'} on localhost · COMPLETED · pending `));
      });

      it('writes no value of the environment into the job script Slurm keeps', () => {
        const script = execFileSync('scontrol', ['write', 'batch_script', record.attempts[0]?.job?.jobId ?? '', '-'], { encoding: 'utf8' });
        expect(script).toContain('# Written by swarm: the agent of one attempt');
        expect(script).not.toContain('named-only');
      });
    });

    it('a pool entry with its own runner "slurm" runs its agents as jobs while the other entry runs on the driver', async () => {
      const { runner: _runner, slurm, command, ...shared } = config().agent;
      const repo = createToyRepo({
        ...config(),
        agent: {
          ...shared,
          backend: 'local',
          pool: [{ name: 'near', backend: 'local', roles: ['optimizer'] }, { name: 'cluster', backend: 'command', runner: 'slurm', command, slurm, roles: ['explorer'] }],
        },
        budget: { attempts: 4 },
      });
      try {
        const run = await runCli(repo.dir, ['run'], { TOY_AGENT_SECRET: 'named-only' });
        expect(run.code, run.stderr).toBe(0);
        const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
        const backends = new Map(z.array(z.object({ id: z.string(), backend: z.string() })).parse(db.prepare("SELECT id, backend FROM attempts WHERE role != 'baseline'").all()).map((a) => [a.id, a.backend]));
        db.close();
        const attempts = readRun(repo).attempts.map((a) => ({ ...a, entry: backends.get(a.id) }));
        const onCluster = attempts.filter((a) => a.entry === 'cluster');
        const onDriver = attempts.filter((a) => a.entry === 'near');
        // The first attempt is an explorer (the cluster's), optimizers follow on the driver.
        expect(onCluster.length, JSON.stringify(attempts.map((a) => [a.id, a.entry]))).toBeGreaterThan(0);
        expect(onDriver.length).toBeGreaterThan(0);
        for (const attempt of onCluster) expect(attempt.job, attempt.id).toMatchObject({ jobId: expect.stringMatching(/^\d+$/), state: 'COMPLETED' });
        for (const attempt of onDriver) expect(attempt.job, attempt.id).toBeNull();
        expect(agentJobsIn(repo.dir)).toHaveLength(onCluster.length);
      } finally {
        repo.cleanup();
      }
    }, 180_000);

    it('workspace.setup runs where the agent runs: a batch job of its own before the agent, its output cached without swarm\'s folder', async () => {
      const setup = 'mkdir -p .venv && echo "job=${SLURM_JOB_ID:-none} secret=${TOY_AGENT_SECRET:-}" > .venv/where.txt';
      const repo = createToyRepo({ ...config(), workspace: { setup: [setup] } }, { '.gitignore': '.venv/\n.swarm/\n' });
      try {
        const run = await runCli(repo.dir, ['run'], { TOY_AGENT_SECRET: 'named-only' });
        expect(run.code, run.stderr).toBe(0);
        const root = realpathSync(repo.dir);
        const setupJobs = execFileSync('squeue', ['-h', '--states=all', '-o', '%i|%j|%Z'], { encoding: 'utf8' }).split('\n')
          .map((line) => line.split('|'))
          .filter(([, name, workDir]) => name?.endsWith('-setup') === true && workDir?.startsWith(root) === true);
        // Setup ran once (the baseline's worktree), as a job named for the run and the attempt; later attempts reuse its result.
        expect(setupJobs.map(([, name]) => name)).toEqual(['swarm-r1-a1-setup']);
        const cache = join(repo.dir, '.swarm', 'setup-cache');
        const where = execFileSync('find', [cache, '-name', 'where.txt'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
        expect(where).toHaveLength(1);
        expect(readFileSync(where[0] ?? '', 'utf8').trim()).toBe(`job=${setupJobs[0]?.[0] ?? '?'} secret=named-only`);
        expect(execFileSync('find', [cache, '-mindepth', '1', '-name', '.swarm*'], { encoding: 'utf8' }).trim()).toBe('');
        expect(readRun(repo).attempts.every((a) => a.status === 'scored')).toBe(true);
      } finally {
        repo.cleanup();
      }
    }, 180_000);

    it('swarm doctor runs a one-second job to check that a node can enter the worktree folder, and names the fix when it cannot', async () => {
      const shared = mkdtempSync(join(tmpdir(), 'swarm-shared-'));
      const seen = createToyRepo({ ...config(), workspace: { dir: shared } });
      // A job running as nobody cannot enter a folder only root may: as a node that does not mount it.
      const unseen = createToyRepo({ ...config({ extraArgs: ['--uid=nobody'] }), workspace: { dir: shared } });
      try {
        const ok = await runCli(seen.dir, ['doctor', '--no-baseline', '--json']);
        expect(JSON.stringify(JSON.parse(ok.stdout))).not.toMatch(/compute node cannot enter/);
        const bad = await runCli(unseen.dir, ['doctor', '--no-baseline']);
        expect(bad.stdout + bad.stderr).toMatch(/agent\.runner is "slurm" but a compute node cannot enter the worktree folder .*swarm-shared-/);
        expect(bad.stdout + bad.stderr).toMatch(/set workspace\.dir to a folder on storage every node sees at the same path/);
      } finally {
        seen.cleanup();
        unseen.cleanup();
        rmSync(shared, { recursive: true, force: true });
      }
    }, 120_000);

    it('agent.timeout scancels the agent job and the attempt fails as timed out', async () => {
      const repo = createToyRepo(config({}, { timeout: '4s' }), {});
      try {
        const run = await runCli(repo.dir, ['run'], { TOY_AGENT_SLEEP_MS: '120000' });
        expect(run.code, run.stderr).toBe(1);
        const [first] = readRun(repo).attempts;
        expect(first).toMatchObject({ status: 'failed', error: expect.stringMatching(/timed out after 4 s/) });
        const jobs = agentJobsIn(repo.dir);
        expect(jobs.length).toBeGreaterThan(0);
        expect(jobs.map(jobState).filter((state) => state === 'RUNNING' || state === 'PENDING')).toEqual([]);
        expect(jobState(first?.job?.jobId ?? '')).toBe('CANCELLED');
      } finally {
        repo.cleanup();
      }
    }, 120_000);

    it('Ctrl-C scancels the running agent job', async () => {
      const repo = createToyRepo(config(), {});
      try {
        const cli = startCli(repo.dir, ['run'], { TOY_AGENT_SLEEP_MS: '120000' });
        await waitFor('the agent job to run', () => agentJobsIn(repo.dir).some((id) => jobState(id) === 'RUNNING'), 120_000);
        const [job] = agentJobsIn(repo.dir);
        // swarm status shows where the running agent is.
        let status = '';
        for (let i = 0; i < 50 && !status.includes(`${job ?? '?'} on localhost`); i++) {
          status = (await runCli(repo.dir, ['status'])).stdout;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(status).toMatch(new RegExp(`agent job[\\s\\S]*a2 +explorer +a1 +agent +${job ?? '?'} on localhost`));
        cli.child.kill('SIGINT');
        await new Promise((resolve) => setTimeout(resolve, 300));
        cli.child.kill('SIGINT');
        expect((await cli.done).code).toBe(130);
        expect(jobState(job ?? '')).toBe('CANCELLED');
      } finally {
        repo.cleanup();
      }
    }, 180_000);

    it('a node set DOWN mid-agent fails the job (NODE_FAIL) and the agent is resubmitted once', async () => {
      const repo = createToyRepo(config(), {});
      try {
        const cli = startCli(repo.dir, ['run'], { TOY_AGENT_SLEEP_MS: '5000' });
        // Down once the agent has started (its first line written), not merely once Slurm says RUNNING.
        const transcript = join(repo.dir, '.swarm', 'logs', 'a2', 'command.jsonl');
        await waitFor('the agent to start in its job', () => existsSync(transcript) && readFileSync(transcript, 'utf8').includes('job='), 120_000);
        const [firstId] = agentJobsIn(repo.dir);
        scontrol('update', 'nodename=localhost', 'state=down', 'reason=swarm-test');
        await waitFor('a second agent job', () => agentJobsIn(repo.dir).length >= 2, 60_000);
        resumeNode();
        const run = await cli.done;
        expect(run.code, run.stderr).toBe(0);
        expect(jobState(firstId ?? '')).toBe('NODE_FAIL');
        const [first] = readRun(repo).attempts;
        expect(first).toMatchObject({ status: 'scored', job: { state: 'COMPLETED', retries: 1, node: 'localhost' } });
        expect(first?.job?.jobId).not.toBe(firstId);
        // The failed try's transcript stays beside the new one.
        expect(readFileSync(join(first?.log_dir ?? '', 'command.jsonl.try1'), 'utf8')).toContain(`job=${firstId ?? '?'}`);
      } finally {
        resumeNode();
        repo.cleanup();
      }
    }, 240_000);
  });
};
