import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { createCodexHome } from '../../agents/codex/codex-home.js';
import { runApi } from '../../support/api-run.js';
import type { RunSearchResult } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const attemptRow = z.object({ id: z.string(), status: z.string(), error: z.string().nullable() });
const eventRow = z.object({ type: z.string(), attempt_id: z.string().nullable() });

const readRun = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: z.array(attemptRow).parse(db.prepare("SELECT id, status, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      events: z.array(eventRow).parse(db.prepare('SELECT type, attempt_id FROM events ORDER BY id').all()),
      stopReason: z.object({ stop_reason: z.string().nullable() }).parse(db.prepare('SELECT stop_reason FROM runs').get()).stop_reason,
    };
  } finally {
    db.close();
  }
};

/** A model server that answers every model request with 429 and `retry-after: 1`, forever. */
const alwaysLimited = (): Promise<FakeServer> => startFakeServer((_request, response) => {
  response.setHeader('retry-after', '1');
  writeJson(response, 429, { error: { type: 'rate_limit_exceeded', message: 'Rate limit reached (fake, permanent)' } });
});

// Short waits so the test is quick; the counts are what is checked.
const limitedRun = (agent: Record<string, unknown>) => ({
  agent: { ...agent, maxConsecutiveFailures: 2, limits: { backoff: '1s', maxBackoff: '1s', maxParks: 2 } },
  budget: { attempts: 4 },
  concurrency: { agents: 1, evaluations: 1 },
  shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
});

const expectEnded = (repo: ToyRepo, result: RunSearchResult): void => {
  // A failed run (the CLI's exit 1), with the breaker's reason as its problem.
  expect(result.status).toBe('failed');
  expect(result.problem).toMatch(/2 attempts in a row/);
  const { attempts, events, stopReason } = readRun(repo);
  // Each attempt parked twice, then failed with the limit's own message; the breaker stopped the run after two.
  expect(attempts).toHaveLength(2);
  for (const attempt of attempts) {
    expect(attempt.status).toBe('failed');
    expect(attempt.error).toContain('rate limit still in effect after 2 wait(s) of this attempt (agent.limits.maxParks = 2)');
    expect(events.filter((e) => e.type === 'agent.waiting' && e.attempt_id === attempt.id)).toHaveLength(2);
  }
  expect(stopReason).toMatch(/2 attempts in a row/);
};

describe('a permanent rate limit ends the attempt, and repeated, the run', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });

  it('openai backend (SDK retries off)', async () => {
    server = await alwaysLimited();
    repo = createToyRepo(limitedRun({ backend: 'openai', model: 'gpt-4.1-mini', api: { maxRetries: 0 } }));
    const { result } = await runApi(repo.dir, { overrides: { baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: '' });
    expectEnded(repo, result);
  }, 120_000);

  it('the real codex binary with swarm\'s default codex settings', async () => {
    server = await alwaysLimited();
    const codexHome = createCodexHome(server.url);
    try {
      repo = createToyRepo(limitedRun({ backend: 'codex', model: 'gpt-5.5', timeout: '60s' }));
      const { result } = await runApi(repo.dir, {}, { CODEX_HOME: codexHome.dir, FAKE_OPENAI_KEY: 'sk-fake-test' });
      expectEnded(repo, result);
    } finally {
      codexHome.cleanup();
    }
  }, 240_000);
});
