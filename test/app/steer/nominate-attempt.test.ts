import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { nominate, status } from '../../../src/index.js';
import { finishedToyRun, thrownBy } from '../../support/api-run.js';
import type { ToyRepo } from '../../support/toy-repo.js';

/** The code and the CLI's exit code of what `call` threw. */
const refusal = async (call: Promise<unknown>): Promise<{ code: string; exit: number; message: string }> => {
  const error = await thrownBy(call);
  if (!isSwarmError(error)) throw new Error(`expected a SwarmError, got ${String(error)}`);
  return { code: error.code, exit: exitCodeFor(error), message: error.message };
};

// What `swarm nominate` prints, and the nominated line of `swarm status`: test/cli/commands/nominate-attempt.test.ts.
describe('nominate', () => {
  let repo: ToyRepo;
  let ids: string[] = [];

  beforeAll(async () => {
    ({ repo, ids } = await finishedToyRun({ budget: { attempts: 3 } }));
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('stores nominations and lists the most nominated apart from the best score in the status report', async () => {
    const [first = '', second = ''] = ids;
    expect(await nominate({ cwd: repo.dir, attemptId: second, reason: 'smallest diff', by: null })).toEqual({ attempt: second, run: 'r1', nominations: 1 });
    expect((await nominate({ cwd: repo.dir, attemptId: first, reason: 'simplest idea', by: null })).nominations).toBe(1);
    // From inside an attempt (the CLI passes SWARM_ATTEMPT_ID as `by`).
    expect(await nominate({ cwd: repo.dir, attemptId: first, reason: '  robust across seeds ', by: second })).toEqual({ attempt: first, run: 'r1', nominations: 2 });

    const report = await status({ cwd: repo.dir });
    expect(report.nominations?.map((n) => [n.id, n.count])).toEqual([[first, 2], [second, 1]]);
    expect(report.nominations?.[0]?.reasons).toEqual(['simplest idea', 'robust across seeds']);
    expect(report.best?.id).toMatch(/^a\d+$/);
  });

  it('refuses an unknown attempt, an empty reason and a self-nomination (exit 2)', async () => {
    const unknown = await refusal(nominate({ cwd: repo.dir, attemptId: 'a99', reason: 'x', by: null }));
    expect([unknown.code, unknown.exit]).toEqual(['NOT_FOUND', 2]);
    expect(unknown.message).toContain('no attempt a99');
    const empty = await refusal(nominate({ cwd: repo.dir, attemptId: ids[0] ?? '', reason: ' ', by: null }));
    expect([empty.code, empty.exit]).toEqual(['USAGE', 2]);
    const self = await refusal(nominate({ cwd: repo.dir, attemptId: ids[0] ?? '', reason: 'mine', by: ids[0] ?? '' }));
    expect([self.code, self.exit]).toEqual(['USAGE', 2]);
    expect(self.message).toContain('cannot nominate itself');
    // Nothing of the refused ones was recorded.
    expect((await status({ cwd: repo.dir })).nominations?.find((n) => n.id === ids[0])?.count).toBe(2);
  });
});
