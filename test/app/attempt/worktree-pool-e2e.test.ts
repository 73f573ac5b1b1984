import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runApi } from '../../support/api-run.js';
import type { ToyRepo } from '../../support/toy-repo.js';
import { assertNoWorktreeLeft, logFor, poolRepo, readNotes } from './worktree-pool-fixtures.js';

// A driver SIGKILLed with a parked worktree, resumed by another process: worktree-pool-killed-driver-e2e.test.ts.

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('attempts on pooled worktrees', () => {
  it('reuse a worktree: what an earlier attempt left is gone, the prepared environment stays untouched, and is restored after an agent changed it', async () => {
    const repo = poolRepo(repos, 5);
    const log = logFor(repos, repo);
    const { result, lines } = await runApi(repo.dir, {}, { POOL_LOG: log });
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const notes = readNotes(log);
    expect(notes.map((n) => n.id)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6']);
    // Worktrees were reused (fewer distinct git admin folders than attempts)...
    expect(new Set(notes.map((n) => n.gitdir)).size).toBeLessThan(notes.length);
    // ...yet no attempt saw the scratch file an earlier one left, or the environment a3 changed.
    for (const note of notes) {
      expect(note.scratch, note.id).toBe(false);
      expect(note.site, note.id).toBe('installed\n');
    }
    // An environment no agent changed is the very same file in the next attempt of its worktree.
    const reusedUntouched = notes.some((n, i) => notes.slice(i + 1).some((m) => m.gitdir === n.gitdir && m.ino === n.ino && n.id !== 'a3'));
    expect(reusedUntouched).toBe(true);
    // Setup ran at most once for the key (the baseline's worktree runs it first); every attempt found
    // it in place or restored it from the cache, a3's successor included.
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const rows = db.prepare("SELECT attempt_id AS id, data_json AS data FROM events WHERE type = 'attempt.provisioned' ORDER BY id").all() as Array<{ id: string; data: string }>;
    db.close();
    const setups = rows.map((row) => ({ id: row.id, ...(JSON.parse(row.data) as { setup: { ran: boolean; reused: boolean } }).setup }));
    expect(setups.filter((s) => s.id !== 'a1').every((s) => !s.ran && s.reused), JSON.stringify(setups)).toBe(true);
    // After the run: no pooled worktree left, only the main checkout registered.
    assertNoWorktreeLeft(repo);
  }, 180_000);
});
