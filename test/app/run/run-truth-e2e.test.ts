import { afterEach, describe, expect, it } from 'vitest';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/** The line `swarm run` prints for a run that never beat its baseline: test/cli/commands/run-truth.test.ts. */
describe('swarm run tells the truth about its result and its seed (through the API)', () => {
  it('a run that never beats its baseline finishes without a problem (exit 0) but with improved: false', async () => {
    // An evaluator that scores every program the same: nothing can improve on the baseline.
    const repo = createToyRepo({ evaluator: { command: 'node -e "console.log(JSON.stringify({ score: 1 }))"' }, budget: { attempts: 3 } });
    repos.push(repo);
    const { result } = await runApi(repo.dir);
    expect(result).toMatchObject({ status: 'finished', problem: null, improved: false });
    expect(result.attempts.scored).toBeGreaterThan(0);
    expect(result.best?.id ?? result.baseline.id).toBe(result.baseline.id);
    const again = await runApi(repo.dir, { newRun: true });
    expect(again.result).toMatchObject({ runId: 'r2', status: 'finished', problem: null, improved: false });
  }, 120_000);

  it('a run that beats its baseline says improved: true', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    repos.push(repo);
    const { result } = await runApi(repo.dir);
    expect(result).toMatchObject({ status: 'finished', problem: null, improved: true });
    expect(result.best?.id).not.toBe(result.baseline.id);
  }, 120_000);

  it('a new run without a seed takes a fresh seed and says so; a given seed repeats one on request', async () => {
    const repo = createToyRepo({ budget: { attempts: 2 }, shepherd: { seed: 7 } });
    repos.push(repo);
    const first = await runApi(repo.dir);
    expect(first.result.seed).toBe(7);
    const second = await runApi(repo.dir, { newRun: true });
    expect(second.result).toMatchObject({ runId: 'r2', status: 'finished', problem: null });
    const said = second.lines.join('\n');
    const fresh = /run r2 started on \w+, seed (\d+) \(fresh: run r1 used 7; --seed 7 repeats it\)/.exec(said);
    expect(fresh, said).not.toBeNull();
    expect(Number(fresh?.[1])).not.toBe(7);
    expect(second.result.seed).toBe(Number(fresh?.[1]));
    const third = await runApi(repo.dir, { newRun: true });
    expect([7, Number(fresh?.[1])]).not.toContain(third.result.seed);
    const repeated = await runApi(repo.dir, { newRun: true, overrides: { seed: 7 } });
    expect(repeated.result.seed).toBe(7);
    expect(repeated.lines.join('\n')).not.toContain('(fresh:');
  }, 180_000);
});
