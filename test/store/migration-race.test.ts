import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { SwarmStore } from '../../src/store/swarm-store.js';

const STORE = fileURLToPath(new URL('../../dist/store/swarm-store.js', import.meta.url));

/** A separate process that waits for the wall-clock instant `at`, then opens (creating) the store. */
const openAt = (dbFile: string, at: number): Promise<{ code: number | null; stderr: string }> => {
  const script = `
    const { SwarmStore } = await import(${JSON.stringify(STORE)});
    while (Date.now() < ${at}) {}
    SwarmStore.open(${JSON.stringify(dbFile)}).close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('creating the database from two processes at once', () => {
  it('succeeds in both, every time, with the schema applied once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-migrate-'));
    dirs.push(dir);
    const failures: string[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const dbFile = join(dir, `t${trial}`, 'swarm.db');
      // Both processes spin until the same instant, after their (slow) module loading.
      const at = Date.now() + 700;
      const results = await Promise.all([openAt(dbFile, at), openAt(dbFile, at)]);
      for (const r of results) if (r.code !== 0) failures.push(`trial ${trial}: ${r.stderr.split('\n').find((l) => /^\w*Error\b/.test(l)) ?? r.stderr}`);
      const db = new Database(dbFile, { readonly: true });
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'runs'").pluck().get()).toBe(1);
      db.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);
  it('upgrades a database of the first schema in place, its runs kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-migrate-'));
    dirs.push(dir);
    const dbFile = join(dir, 'swarm.db');
    const old = new Database(dbFile);
    old.exec(MIGRATIONS[0] ?? '');
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO runs (id, seq, status, metric, direction, base_commit, config_json, attempt_budget, owner_pid, created_at) VALUES ('r1', 1, 'finished', 'score', 'maximize', 'abc', '{}', 3, NULL, 1)").run();
    old.close();
    const store = SwarmStore.open(dbFile);
    try {
      expect(store.requireRun('r1')).toMatchObject({ status: 'finished', ownerPid: null, ownerStarted: null });
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      store.close();
    }
  });
});
