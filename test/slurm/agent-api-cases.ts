import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { FakeServer } from '../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../support/fake-llm/openai-chat.js';
import { assistantTurns, requestText, type FakeReply } from '../support/fake-llm/scripted-reply.js';
import { ensureSlurm } from '../support/slurm.js';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

const attemptRow = z.object({ id: z.string(), role: z.string(), status: z.string(), score: z.number().nullable(), error: z.string().nullable(), agent_job_json: z.string().nullable() });
const agentJob = z.object({ jobId: z.string(), node: z.string().nullable(), state: z.string(), retries: z.number() });

const readRun = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    const attempts = z.array(attemptRow).parse(db.prepare("SELECT id, role, status, score, error, agent_job_json FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
    const intermediate = z.number().parse(db.prepare("SELECT COUNT(*) FROM evaluations WHERE kind = 'intermediate' AND valid = 1").pluck().get());
    const sessions = z.number().parse(db.prepare('SELECT COUNT(*) FROM sessions WHERE messages_json IS NOT NULL').pluck().get());
    return { attempts, intermediate, sessions, jobs: attempts.map((a) => agentJob.parse(JSON.parse(a.agent_job_json ?? 'null'))) };
  } finally {
    db.close();
  }
};

const EDIT_A = { path: 'prog.js', search: 'const a = 1.0;', replace: 'const a = 3.0;' };

/** The openai backend's tool loop as Slurm jobs (`swarm agent-job`) against a local fake Chat Completions server; run from slurm.test.ts. */
export const slurmAgentApiCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('agent.runner "slurm" with an API agent (openai, agent mode)', () => {
    let repo: ToyRepo;
    let server: FakeServer;
    let run: CliResult;
    let optimizerSawParent = false;
    beforeAll(async () => {
      ensureSlurm();
      // Explorers edit, look at their GPU, score themselves and finish; the optimizer answers at once.
      server = await startFakeOpenAi((request): FakeReply => {
        const text = requestText(request);
        if (/You are optimizer/.test(text)) {
          optimizerSawParent = text.includes('EXPLORER-MARK');
          return { kind: 'message', text: 'kept the parent change\nHYPOTHESIS: a = 3 is optimal' };
        }
        const replies: FakeReply[] = [
          { kind: 'message', text: 'EXPLORER-MARK', toolCalls: [{ name: 'edit_file', input: EDIT_A }, { name: 'run_command', input: { command: 'echo "gpu=[$CUDA_VISIBLE_DEVICES]"' } }] },
          { kind: 'message', toolCalls: [{ name: 'run_eval', input: {} }] },
          { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3 on a node', hypothesis: 'a near 3 is best' } }] },
        ];
        return replies[Math.min(assistantTurns(request), 2)] ?? { kind: 'message', text: 'done' };
      });
      repo = createToyRepo({
        agent: { backend: 'openai', model: 'fake-model', timeout: '120s', runner: 'slurm', slurm: { cpus: 1, gpus: 1, pollInterval: '200ms' } },
        budget: { attempts: 3 }, concurrency: { agents: 1, evaluations: 1 }, shepherd: { initialExplorers: 2, waveSize: 1, mergeEvery: 0 },
      });
      // OPENAI_* reaches the job by name; its value never enters a file swarm writes.
      run = await runCli(repo.dir, ['run'], { OPENAI_API_KEY: 'sk-fake-secret', OPENAI_BASE_URL: `${server.url}/v1` });
    }, 300_000);
    afterAll(async () => {
      await server.close();
      repo.cleanup();
    });

    it('runs the tool loop in a batch job holding a GPU: edits, `run_eval` through the driver, the conversation stored and forked', () => {
      expect(run.code, run.stderr).toBe(0);
      const { attempts, intermediate, sessions, jobs } = readRun(repo);
      expect(attempts.map((a) => [a.role, a.status, a.score, a.error])).toEqual([['explorer', 'scored', -9, null], ['explorer', 'scored', -9, null], ['optimizer', 'scored', -9, null]]);
      for (const job of jobs) expect(job).toMatchObject({ jobId: expect.stringMatching(/^\d+$/), node: 'localhost', state: 'COMPLETED', retries: 0 });
      // The command ran inside the allocation: Slurm bound a GPU (the driver has none set).
      expect(server.requests.some((r) => /gpu=\[\d+\]/.test(requestText(r)))).toBe(true);
      expect(intermediate).toBe(2);
      // The conversation came back from the job, so the optimizer continued it.
      expect(sessions).toBe(3);
      expect(optimizerSawParent).toBe(true);
      // The transcript was mirrored into the attempt's log folder.
      const transcript = readFileSync(join(repo.dir, '.swarm', 'logs', attempts[0]?.id ?? 'a2', 'transcript.jsonl'), 'utf8');
      expect(transcript).toContain('"type":"tool"');
      expect(transcript).toContain('"name":"run_eval"');
    });

    it('writes no key anywhere: not in the job folder, the spec, the logs, the database or the commits', () => {
      const found = spawnSync('grep', ['-r', '-l', '--binary-files=text', 'sk-fake-secret', join(repo.dir, '.swarm')], { encoding: 'utf8' });
      expect(found.status).toBe(1); // grep: no match
      expect(repo.git('log', '--all', '-p')).not.toContain('sk-fake-secret');
    });
  });
};
