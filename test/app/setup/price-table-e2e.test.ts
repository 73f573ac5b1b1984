import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { startFakeServer } from '../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { responsesHandler, endsWithToolOutput } from '../../support/fake-llm/openai-responses.js';
import { assistantTurns, type FakeReply, type FakeScript } from '../../support/fake-llm/scripted-reply.js';
import { createCodexHome } from '../../agents/codex/codex-home.js';
import { dashboardSnapshot, isSwarmError, report, spawn, status } from '../../../src/index.js';
import { runApi, thrownBy, withEnv } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const attemptRow = z.object({ id: z.string(), status: z.string(), cost_usd: z.number(), input_tokens: z.number() });

const readAttempts = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: z.array(attemptRow).parse(db.prepare("SELECT id, status, cost_usd, input_tokens FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      intermediate: z.object({ n: z.number() }).parse(db.prepare("SELECT COUNT(*) AS n FROM evaluations WHERE kind = 'intermediate'").get()).n,
    };
  } finally {
    db.close();
  }
};

/** An API agent that edits, types the bare `swarm eval` through run_command, then finishes. */
const bareEvalScript: FakeScript = (request) => {
  const replies: FakeReply[] = [
    { kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search: 'const a = 1.0;', replace: 'const a = 3.0;' } }] },
    { kind: 'message', toolCalls: [{ name: 'run_command', input: { command: 'swarm eval' } }] },
    { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3', hypothesis: 'a near 3 is best' } }] },
  ];
  return replies[Math.min(assistantTurns(request), 2)] ?? { kind: 'message', text: 'done' };
};

const oneAttempt = { budget: { attempts: 1, costUsd: 5 }, concurrency: { agents: 1, evaluations: 1 }, shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 } };

const UNPRICED_ENV = { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };

/** What `swarm run` exits with and `swarm status` prints for these runs: test/cli/commands/run-price-table.test.ts. */
describe('a dollar budget needs a known price (swarm\'s price table or agent.prices)', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });

  it('refuses to start with an unpriced model (a config error), naming the model and agent.prices', async () => {
    repo = createToyRepo({ agent: { backend: 'openai', model: 'my-unpriced-model' }, ...oneAttempt });
    const error = await thrownBy(runApi(repo.dir, {}, UNPRICED_ENV));
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain('"my-unpriced-model"');
    expect(message).toContain('agent.prices');
    expect(message).toContain('budget.costUsd');
    expect(existsSync(join(repo.dir, '.swarm', 'swarm.db')) ? readAttempts(repo).attempts : []).toEqual([]);
  }, 60_000);

  it('refuses a spawn the same way', async () => {
    repo = createToyRepo({ agent: { backend: 'openai', model: 'my-unpriced-model' }, ...oneAttempt });
    const dir = repo.dir;
    const error = await thrownBy(withEnv(UNPRICED_ENV, () => spawn({ cwd: dir, parents: 'baseline', role: 'explorer', context: '', informedBy: [] })));
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
    expect(error instanceof Error ? error.message : '').toContain('"my-unpriced-model"');
  }, 60_000);

  it('anthropic with its default model and no agent.prices: the table prices it, cost > 0', async () => {
    server = await startFakeAnthropic(bareEvalScript);
    repo = createToyRepo({ agent: { backend: 'anthropic' }, ...oneAttempt });
    const run = await runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: server.url });
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const { attempts, intermediate } = readAttempts(repo);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.cost_usd).toBeGreaterThan(0);
    // The bare `swarm eval` through run_command reached the run's shim.
    expect(intermediate).toBe(1);
    // status has the cost per attempt and per role.
    const statusReport = await status({ cwd: repo.dir });
    expect(statusReport.costUsd).toBeCloseTo(attempts[0]?.cost_usd ?? -1, 9);
    expect(statusReport.attempts.find((a) => a.id === attempts[0]?.id)?.costUsd).toBe(attempts[0]?.cost_usd);
    expect(statusReport.costByRole).toEqual([{ role: 'explorer', costUsd: attempts[0]?.cost_usd }]);
    // report and dashboard show the same per-role figures, from the same computation.
    expect((await report({ cwd: repo.dir })).html).toMatch(/cost \$\d+\.\d+ \(explorer \$\d+\.\d+\)/);
    expect((await dashboardSnapshot({ cwd: repo.dir })).html).toContain(`"costByRole":[{"role":"explorer","costUsd":${String(attempts[0]?.cost_usd)}}]`);
  }, 120_000);

  it('openai with its default model and no agent.prices: cost > 0, and run_command\'s bare `swarm eval` is recorded', async () => {
    server = await startFakeOpenAi(bareEvalScript);
    repo = createToyRepo({ agent: { backend: 'openai' }, ...oneAttempt });
    const run = await runApi(repo.dir, { overrides: { baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: '' });
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const { attempts, intermediate } = readAttempts(repo);
    expect(attempts[0]?.cost_usd).toBeGreaterThan(0);
    expect(intermediate).toBe(1);
  }, 120_000);

  it('codex with no agent.model: the model of codex\'s config.toml is priced from the table, cost > 0', async () => {
    server = await startFakeServer(responsesHandler((body) => endsWithToolOutput(body)
      ? { kind: 'message', text: 'Edited prog.js.\nHYPOTHESIS: a = 3' }
      : { kind: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: prog.js\n@@\n-const a = 1.0;\n+const a = 3.0;\n*** End Patch\n' }));
    const codexHome = createCodexHome(server.url);
    try {
      repo = createToyRepo({ agent: { backend: 'codex', timeout: '120s' }, ...oneAttempt });
      const run = await runApi(repo.dir, {}, { CODEX_HOME: codexHome.dir, FAKE_OPENAI_KEY: 'sk-fake-test' });
      expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
      const { attempts } = readAttempts(repo);
      expect(attempts[0]?.input_tokens).toBeGreaterThan(0);
      expect(attempts[0]?.cost_usd).toBeGreaterThan(0);
    } finally {
      codexHome.cleanup();
    }
  }, 180_000);
});
