import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createToyRepo, runCli, startCli, stopOrphans, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

// Each attempt's agent notes what it finds (a scratch file an earlier attempt left, the prepared
// environment, which worktree it runs in) in a log outside the repository, then leaves an ignored
// scratch file behind; the agent of a3 (the second attempt after the baseline a1) also changes
// the prepared environment.
const AGENT = `const fs = require('node:fs');
const id = process.env.SWARM_ATTEMPT_ID;
const site = fs.existsSync('.venv/site.txt') ? fs.readFileSync('.venv/site.txt', 'utf8') : null;
const ino = site === null ? null : fs.statSync('.venv/site.txt').ino;
const gitdir = fs.readFileSync('.git', 'utf8').trim();
fs.appendFileSync(process.env.POOL_LOG, JSON.stringify({ id, scratch: fs.existsSync('scratch.tmp'), site, ino, gitdir }) + '\\n');
fs.writeFileSync('scratch.tmp', 'written by ' + id + ', never committed\\n');
if (id === 'a3') fs.writeFileSync('.venv/site.txt', 'upgraded by the agent of a3\\n');
fs.writeFileSync('prog.js', 'module.exports = ' + id.slice(1) + ';\\n');
if (process.env.POOL_SLEEP_MS && id === process.env.POOL_SLEEP_ID) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.POOL_SLEEP_MS));
`;

interface Note {
  id: string;
  scratch: boolean;
  site: string | null;
  ino: number | null;
  gitdir: string;
}

const poolRepo = (attempts: number, agents = 1): ToyRepo => {
  const repo = createToyRepo(
    {
      evaluator: { protect: ['evaluate.js', 'agent.js'] },
      agent: { backend: 'command', command: { argv: ['node', '../../../agent.js'] } },
      budget: { attempts },
      concurrency: { agents, evaluations: 1 },
      shepherd: { policy: 'random', initialExplorers: agents, waveSize: agents },
      workspace: { setup: ['mkdir -p .venv && echo installed > .venv/site.txt'], setupKey: ['prog.js.lock'] },
    },
    { 'agent.js': AGENT, 'prog.js': 'module.exports = 1;\n', 'evaluate.js': `console.log(JSON.stringify({ score: Number(require('./prog.js')) }));\n`, '.gitignore': '.venv/\n*.tmp\n.swarm/\n' },
  );
  repos.push(repo);
  return repo;
};

const readNotes = (log: string): Note[] => readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Note);

const logFor = (repo: ToyRepo): string => {
  const log = join(repo.dir, '..', `${repo.dir.split('/').pop() ?? 'x'}-pool.log`);
  repos.push({ dir: log, git: () => '', cleanup: () => rmSync(log, { force: true }) });
  return log;
};

const assertNoWorktreeLeft = (repo: ToyRepo): void => {
  const worktrees = join(repo.dir, '.swarm', 'worktrees');
  expect(existsSync(worktrees) ? readdirSync(worktrees) : []).toEqual([]);
  expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  expect(repo.git('worktree', 'prune', '--dry-run', '--verbose').trim()).toBe('');
};

describe('attempts on pooled worktrees', () => {
  it('reuse a worktree: what an earlier attempt left is gone, the prepared environment stays untouched, and is restored after an agent changed it', async () => {
    const repo = poolRepo(5);
    const log = logFor(repo);
    const result = await runCli(repo.dir, ['run', '--quiet'], { POOL_LOG: log });
    expect(result.code, `${result.stderr}\n${(await runCli(repo.dir, ['status'])).stdout}`).toBe(0);
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
  });

  it('a driver SIGKILLed with a parked worktree and an attempt running: the resumed run starts from a consistent pool and leaves none', async () => {
    // Two agents at once, the budget two attempts: a2 finishes and its worktree is parked while the
    // agent of a3 sleeps, and nothing else starts to take the parked member.
    const repo = poolRepo(2, 2);
    const log = logFor(repo);
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
    const second = await runCli(repo.dir, ['run', '--quiet'], { POOL_LOG: log });
    expect(second.code, second.stderr).toBe(0);
    const notes = readNotes(log);
    expect(notes.length).toBeGreaterThan(killedAt);
    for (const note of notes) {
      expect(note.scratch, note.id).toBe(false);
      expect(note.site, note.id).toBe('installed\n');
    }
    assertNoWorktreeLeft(repo);
    // The branch of the attempt the kill interrupted is gone; no branch is left checked out anywhere.
    const status = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as { attempts: Array<{ id: string; status: string }> };
    const interrupted = status.attempts.filter((a) => a.status === 'interrupted');
    expect(interrupted.map((a) => a.id)).toEqual(['a3']);
    for (const attempt of interrupted) expect(repo.git('branch', '--list', `swarm/r1/${attempt.id}`).trim()).toBe('');
  });
});
