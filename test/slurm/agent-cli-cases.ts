import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { anthropicHandler } from '../support/fake-llm/anthropic-messages.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { codexConfigToml, responsesHandler } from '../support/fake-llm/openai-responses.js';
import { ensureSlurm } from '../support/slurm.js';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

const attemptRow = z.object({ id: z.string(), status: z.string(), score: z.number().nullable(), error: z.string().nullable(), agent_job_json: z.string().nullable() });
const evaluationRow = z.object({ kind: z.string(), valid: z.number(), score: z.number().nullable() });
const agentJob = z.object({ jobId: z.string(), node: z.string().nullable(), state: z.string(), retries: z.number() });

const readRun = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    const attempt = attemptRow.parse(db.prepare("SELECT id, status, score, error, agent_job_json FROM attempts WHERE role = 'explorer'").get());
    const evaluations = z.array(evaluationRow).parse(db.prepare("SELECT kind, valid, score FROM evaluations WHERE attempt_id = ? AND kind = 'intermediate'").all(attempt.id));
    return { attempt, evaluations, job: agentJob.parse(JSON.parse(attempt.agent_job_json ?? 'null')) };
  } finally {
    db.close();
  }
};

const ONE_EXPLORER = { budget: { attempts: 1 }, concurrency: { agents: 1, evaluations: 1 }, shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 } };
const SLURM = { runner: 'slurm', slurm: { cpus: 1, gpus: 1, pollInterval: '200ms' } };

/** The real `claude` and `codex` binaries as Slurm jobs against local fake model servers; run from slurm.test.ts. */
export const slurmAgentCliCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('agent.runner "slurm" with the real CLIs against fake model servers', () => {
    beforeAll(() => ensureSlurm(), 200_000);

    describe('claude-code', () => {
      let repo: ToyRepo;
      let server: FakeServer;
      let home: string;
      let run: CliResult;
      beforeAll(async () => {
        server = await startFakeServer(anthropicHandler((body) => {
          const step = body.messages.filter((m) => m.role === 'user' && JSON.stringify(m.content).includes('"tool_result"')).length;
          const command = ["sed -i 's/^const a = 1.0/const a = 3.0/' prog.js", 'swarm eval'][step];
          if (command === undefined) return { kind: 'text', text: 'Scored it on a node.\nHYPOTHESIS: a = 3' };
          return { kind: 'tool_use', name: 'Bash', input: { command, description: 'work' } };
        }));
        home = mkdtempSync(join(tmpdir(), 'swarm-claude-slurm-'));
        repo = createToyRepo({ agent: { backend: 'claude-code', timeout: '120s', ...SLURM, slurm: { ...SLURM.slurm, passEnv: ['DISABLE_TELEMETRY'] } }, ...ONE_EXPLORER });
        // ANTHROPIC_* and CLAUDE_* reach the job by name without being listed; HOME (the login) too.
        run = await runCli(repo.dir, ['run'], {
          HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
          DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        });
      }, 240_000);
      afterAll(async () => {
        await server.close();
        repo.cleanup();
        rmSync(home, { recursive: true, force: true });
      });

      it('runs claude in a batch job, its `swarm eval` recorded and the job stored', () => {
        expect(run.code, run.stderr).toBe(0);
        const { attempt, evaluations, job } = readRun(repo);
        expect({ status: attempt.status, score: attempt.score }).toEqual({ status: 'scored', score: -9 });
        expect(evaluations).toEqual([{ kind: 'intermediate', valid: 1, score: -9 }]);
        expect(job).toMatchObject({ jobId: expect.stringMatching(/^\d+$/), node: 'localhost', state: 'COMPLETED', retries: 0 });
      });
    });

    describe('codex', () => {
      let repo: ToyRepo;
      let server: FakeServer;
      let home: string;
      let run: CliResult;
      beforeAll(async () => {
        server = await startFakeServer(responsesHandler((body) => {
          const outputs = body.input.filter((item: { type?: string }) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output');
          if (outputs.length === 0) return { kind: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: prog.js\n@@\n-const a = 1.0;\n+const a = 3.0;\n*** End Patch\n' };
          if (outputs.length === 1) return { kind: 'function_call', name: 'exec_command', arguments: { cmd: 'swarm eval', yield_time_ms: 30_000 } };
          return { kind: 'message', text: 'Set a to 3 on a node.\nHYPOTHESIS: a = 3' };
        }));
        // Not under /tmp: codex refuses to put its sandbox helper there.
        const cacheDir = join(homedir(), '.cache');
        mkdirSync(cacheDir, { recursive: true });
        home = mkdtempSync(join(cacheDir, 'swarm-codex-slurm-'));
        const codexHome = join(home, '.codex');
        mkdirSync(codexHome);
        writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
        repo = createToyRepo({
          agent: { backend: 'codex', model: 'gpt-5.5', timeout: '120s', prices: { 'gpt-5.5': { input: 2, output: 10 } }, ...SLURM, slurm: { ...SLURM.slurm, passEnv: ['FAKE_OPENAI_KEY'] } },
          ...ONE_EXPLORER,
        });
        run = await runCli(repo.dir, ['run'], { HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' });
      }, 240_000);
      afterAll(async () => {
        await server.close();
        repo.cleanup();
        rmSync(home, { recursive: true, force: true });
      });

      it('runs codex in a batch job under its default sandbox, its `swarm eval` recorded and the job stored', () => {
        expect(run.code, run.stderr).toBe(0);
        const { attempt, evaluations, job } = readRun(repo);
        expect({ status: attempt.status, score: attempt.score, error: attempt.error }).toEqual({ status: 'scored', score: -9, error: null });
        expect(evaluations).toEqual([{ kind: 'intermediate', valid: 1, score: -9 }]);
        expect(job).toMatchObject({ jobId: expect.stringMatching(/^\d+$/), node: 'localhost', state: 'COMPLETED', retries: 0 });
      });
    });
  });
};
