import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { status } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { startCli, stopOrphans, type ToyRepo } from '../../support/toy-repo.js';
import { assertNoWorktreeLeft, logFor, poolRepo, readNotes } from '../../app/attempt/worktree-pool-fixtures.js';

/**
 * The process boundary is the point: a driver SIGKILLed mid-run (no handler of it runs), then
 * resumed by another process. Belongs in test/e2e/resume/ (the first run must be a process of its
 * own to be SIGKILLed); what follows the kill calls the API. The pool's other tests:
 * worktree-pool-e2e.test.ts.
 */
const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('pooled worktrees across a killed driver', () => {
  it('a driver SIGKILLed with a parked worktree and an attempt running: the resumed run starts from a consistent pool and leaves none', async () => {
    // Two agents at once, the budget two attempts: a2 finishes and its worktree is parked while the
    // agent of a3 sleeps, and nothing else starts to take the parked member.
    const repo = poolRepo(repos, 2, 2);
    const log = logFor(repos, repo);
    const first = startCli(repo.dir, ['run', '--quiet'], { POOL_LOG: log, POOL_SLEEP_MS: '60000', POOL_SLEEP_ID: 'a3' });
    const pool = join(repo.dir, '.swarm', 'worktrees', '.pool');
    const deadline = Date.now() + 120_000;
    // A parked member and a later attempt's agent at work (the agent notes itself first, then sleeps).
    let ended = false;
    void first.done.then(() => (ended = true));
    while (!(existsSync(pool) && readdirSync(pool).length > 0 && existsSync(log) && readNotes(log).some((n) => n.id === 'a3'))) {
      if (ended) throw new Error(`the run ended before the kill:\n${await first.done.then((r) => r.stderr)}`);
      if (Date.now() > deadline) throw new Error(`no parked worktree in time:\n${await first.done.then((r) => r.stderr)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.done;
    await stopOrphans(repo.dir);
    const killedAt = readNotes(log).length;
    const second = await runApi(repo.dir, {}, { POOL_LOG: log });
    expect(second.result, second.lines.join('\n')).toMatchObject({ status: 'finished', problem: null, resumed: true });
    const notes = readNotes(log);
    expect(notes.length).toBeGreaterThan(killedAt);
    for (const note of notes) {
      expect(note.scratch, note.id).toBe(false);
      expect(note.site, note.id).toBe('installed\n');
    }
    assertNoWorktreeLeft(repo);
    // The branch of the attempt the kill interrupted is gone; no branch is left checked out anywhere.
    const report = await status({ cwd: repo.dir });
    const interrupted = report.attempts.filter((a) => a.status === 'interrupted');
    expect(interrupted.map((a) => a.id)).toEqual(['a3']);
    for (const attempt of interrupted) expect(repo.git('branch', '--list', `swarm/r1/${attempt.id}`).trim()).toBe('');
  }, 180_000);
});
