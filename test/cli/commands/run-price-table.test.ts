import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { assistantTurns, type FakeReply, type FakeScript } from '../../support/fake-llm/scripted-reply.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

/**
 * `swarm run`'s exit code when a dollar budget has no price, and how `swarm status` prints what a
 * run spent. The pricing itself, through the API: test/app/setup/price-table-e2e.test.ts.
 */
const oneAttempt = { budget: { attempts: 1, costUsd: 5 }, concurrency: { agents: 1, evaluations: 1 }, shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 } };

/** An API agent that edits, then finishes. */
const editScript: FakeScript = (request) => {
  const replies: FakeReply[] = [
    { kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search: 'const a = 1.0;', replace: 'const a = 3.0;' } }] },
    { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3', hypothesis: 'a near 3 is best' } }] },
  ];
  return replies[Math.min(assistantTurns(request), 1)] ?? { kind: 'message', text: 'done' };
};

describe('swarm run and status with a dollar budget', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });

  it('run exits 2 with an unpriced model, naming the model, agent.prices and budget.costUsd', async () => {
    repo = createToyRepo({ agent: { backend: 'openai', model: 'my-unpriced-model' }, ...oneAttempt });
    const run = await runCli(repo.dir, ['run'], { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"my-unpriced-model"');
    expect(run.stderr).toContain('agent.prices');
    expect(run.stderr).toContain('budget.costUsd');
  }, 60_000);

  it('status prints the cost per role and a cost column', async () => {
    server = await startFakeAnthropic(editScript);
    repo = createToyRepo({ agent: { backend: 'anthropic' }, ...oneAttempt });
    const { result, lines } = await runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: server.url });
    expect(result.status, lines.join('\n')).toBe('finished');
    const status = await runCli(repo.dir, ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/cost \$\d+\.\d+ \(explorer \$\d+\.\d+\)/);
    expect(status.stdout).toMatch(/ time +cost +hypothesis/);
  }, 120_000);
});
