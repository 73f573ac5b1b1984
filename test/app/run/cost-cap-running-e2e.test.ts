import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import type { FakeScript } from '../../support/fake-llm/scripted-reply.js';
import { show } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// Each model call: 10,000 input tokens at $1 per million = $0.01.
const CALL_USD = 0.01;
const CAP_USD = 0.05;

/** A model that never finishes: it reads the program again and again (up to agent.maxTurns). */
const neverFinishes: FakeScript = () => ({ kind: 'message', toolCalls: [{ name: 'read_file', input: { path: 'prog.js' } }], usage: { input: 10_000, output: 0 } });

const readRun = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: z.array(z.object({ id: z.string(), status: z.string(), cost_usd: z.number() })).parse(db.prepare("SELECT id, status, cost_usd FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      run: z.object({ status: z.string(), stop_reason: z.string().nullable() }).parse(db.prepare('SELECT status, stop_reason FROM runs').get()),
    };
  } finally {
    db.close();
  }
};

describe('budget.costUsd holds while API agents run', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });

  it('stops the running openai agents once the run has spent the cap; the run ends with the cap\'s reason', async () => {
    server = await startFakeOpenAi(neverFinishes);
    repo = createToyRepo({
      // 200 turns of $0.01 each would spend $2 per attempt without the run-level check.
      agent: { backend: 'openai', model: 'gpt-fake', maxTurns: 200, prices: { 'gpt-fake': { input: 1, output: 1 } } },
      budget: { attempts: 4, costUsd: CAP_USD },
      concurrency: { agents: 2, evaluations: 1 },
      shepherd: { initialExplorers: 2, waveSize: 2, mergeEvery: 0 },
    });
    const { result } = await runApi(repo.dir, { overrides: { baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: '' });
    expect(result).toMatchObject({ status: 'finished', problem: null });
    const { attempts, run: record } = readRun(repo);
    expect(record.stop_reason).toMatch(/^cost budget of \$0\.05 reached/);
    // The stopped attempts are recorded (evaluated), not lost; none started after the cap.
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.length).toBeLessThan(4);
    for (const attempt of attempts) expect(attempt.status).toBe('scored');
    const spent = attempts.reduce((sum, a) => sum + a.cost_usd, 0);
    expect(spent).toBeGreaterThanOrEqual(CAP_USD - 1e-9);
    // Each running agent may have one call in flight when the cap is reached.
    expect(spent).toBeLessThanOrEqual(CAP_USD + 2 * CALL_USD + 1e-9);
    // A stopped attempt still shows (`swarm show`): its record and its transcript.
    const detail = await show({ cwd: repo.dir, attemptId: attempts[0]?.id ?? '' });
    expect(detail.attempt.status).toBe('scored');
    expect(detail.usage.costUsd).toBeCloseTo(attempts[0]?.cost_usd ?? -1, 9);
    expect(detail.transcriptPath === null ? false : existsSync(detail.transcriptPath)).toBe(true);
  }, 180_000);
});
