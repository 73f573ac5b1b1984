import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, startCli, type ToyRepo } from '../../support/toy-repo.js';
import { attemptOf, limited, ONE_ATTEMPT, readEvents, statusWhileWaiting, workReply } from '../../app/attempt/rate-limit-fixtures.js';

/**
 * The process boundary is the point: a driver SIGKILLed during a limit wait (no handler of it
 * runs), then resumed by another process. Belongs in test/e2e/resume/ (the first run must be a
 * process of its own to be SIGKILLed); what follows the kill calls the API. The other limit tests:
 * rate-limits-e2e.test.ts.
 */
describe('rate limits across a killed driver', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = repo = undefined;
  });

  it('a run killed during a wait resumes correctly: nothing starts on the backend before the recorded reset', async () => {
    let released = false;
    let firstAfterRestart: number | null = null;
    server = await startFakeAnthropic((request) => {
      if (!released) return limited('4');
      firstAfterRestart ??= Date.now();
      return workReply(request);
    });
    // Async scheduling: the re-planned attempt starts as soon as the run resumes, unless the gate holds it.
    repo = createToyRepo({ ...ONE_ATTEMPT, shepherd: { ...ONE_ATTEMPT.shepherd, schedule: 'async' }, agent: { backend: 'anthropic', model: 'fake-model', api: { maxRetries: 0 } } });
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.url };
    const first = startCli(repo.dir, ['run'], env);
    const waiting = await statusWhileWaiting(repo, first.done);
    first.child.kill('SIGKILL');
    await first.done;
    released = true;

    const { result, lines } = await runApi(repo.dir, {}, env);
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null, resumed: true });
    expect(lines.join('\n')).toContain('recovered 1 interrupted attempt(s): a2');
    expect(attemptOf(repo, 'a2').status).toBe('interrupted');
    expect(attemptOf(repo, 'a3')).toMatchObject({ status: 'scored', score: -9 });
    const until = waiting.waits?.[0]?.until ?? Number.POSITIVE_INFINITY;
    expect(firstAfterRestart).not.toBeNull();
    expect(firstAfterRestart!).toBeGreaterThanOrEqual(until);
    const types = readEvents(repo).map((e) => `${e.type}:${e.attempt_id ?? ''}`);
    expect(types.indexOf('attempt.interrupted:a2')).toBeGreaterThan(types.indexOf('agent.waiting:a2'));
    expect(types.indexOf('attempt.planned:a3')).toBeGreaterThan(types.indexOf('attempt.interrupted:a2'));
  }, 120_000);
});
