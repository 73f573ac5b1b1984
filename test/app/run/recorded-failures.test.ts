import { afterEach, describe, expect, it } from 'vitest';
import { show, status } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});
const toy = (config: Record<string, unknown> = {}): ToyRepo => {
  const repo = createToyRepo(config);
  repos.push(repo);
  return repo;
};

/** What `swarm run` prints and exits with for these runs: test/cli/commands/cli-errors.test.ts. */
describe('failing programs are recorded, not thrown', () => {
  it('stops when the baseline cannot be evaluated, keeping the record', async () => {
    const repo = toy({ evaluator: { command: 'echo "not json"; exit 3' } });
    const { result } = await runApi(repo.dir);
    expect(result.status).toBe('failed');
    expect(result.problem).toMatch(/baseline evaluation failed: evaluator exited with code 3/);
    const report = await status({ cwd: repo.dir });
    expect(report.run.status).toBe('failed');
    expect(report.attempts[0]).toMatchObject({ role: 'baseline', status: 'invalid' });
    expect(JSON.stringify(await show({ cwd: repo.dir, attemptId: 'a1' }))).toContain('not json');
  }, 60_000);

  it('marks an attempt that changed a protected file invalid without running the evaluator', async () => {
    const repo = toy({ evaluator: { protect: ['prog.js'] }, budget: { attempts: 3 } });
    const { result } = await runApi(repo.dir);
    // Every attempt invalid: the run ended with nothing scored beyond the baseline.
    expect(result.status).toBe('finished');
    expect(result.attempts).toMatchObject({ scored: 0, failed: 0, invalid: 3 });
    expect(result.problem).toMatch(/^no attempt beyond the baseline was scored \(0 failed, 3 invalid\)/);
    const report = await status({ cwd: repo.dir });
    const searchers = report.attempts.filter((a) => a.role !== 'baseline');
    expect(searchers.length).toBe(3);
    for (const attempt of searchers) {
      expect(attempt.status).toBe('invalid');
      expect(attempt.reason).toMatch(/protected files changed: prog\.js/);
      expect(attempt.flags).toContain('protected-violation');
    }
  }, 60_000);
});
