import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/app/queries/status.js';
import { statusJsonParts } from '../../src/app/queries/status-json.js';
import { SwarmStore } from '../../src/store/swarm-store.js';

// The finished attempts' and waves' texts kept joined in blocks of 64 (status-blocks-migration.ts):
// runs long enough to fill blocks, written through SwarmStore; the fast text equals the full
// report after every kind of write, and every kept block equals the join of its rows.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const outcome = (score: number) => ({
  metrics: { score }, score, valid: true, reason: null, feedback: null, instances: null, artifacts: null,
  exitCode: 0, signal: null, timedOut: false, durationMs: 10, stdoutTail: '', stderrTail: '', jobId: null, stage: 'main', seed: 1, commit: null,
});

/** `count` attempts of run `runId`, one wave each, all finished but the last `running`. */
const addAttempts = (store: SwarmStore, runId: string, count: number, running: number, firstWave: number): string[] => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const wave = firstWave + i;
    store.startWave(runId, wave, 'rules', 'why', 2_000 + i);
    const attempt = store.createAttempt({
      runId, wave, role: i === 0 && firstWave === 0 ? 'baseline' : 'explorer', operator: 'explore', backend: 'local', seed: i, context: null,
      parents: ids.length === 0 ? [] : [ids[Math.floor(ids.length / 2)] ?? ''], informedBy: [], paths: (id) => ({ branch: `b/${id}`, logDir: `/l/${id}` }),
    }, 3_000 + i);
    ids.push(attempt.id);
    if (i >= count - running) continue;
    store.addEvaluation(attempt.id, 'official', outcome(i / 3));
    store.updateAttempt(attempt.id, {
      status: 'scored', phase: 'done', score: i / 3, valid: true, hypothesis: `h${i} "q" ü`, summary: `s${i}`, usage: { inputTokens: 1, outputTokens: 1, costUsd: 0.25 },
      metrics: { score: i / 3 }, finishedAt: 10_000 + i,
    });
    store.finishWave(runId, wave, 20_000 + i);
  }
  return ids;
};

const expectSame = (dir: string, store: SwarmStore, runId?: string): void => {
  const parts = statusJsonParts({ cwd: dir, ...(runId === undefined ? {} : { runId }) });
  expect(parts, 'the fast path declined').not.toBeNull();
  const fast = JSON.parse(Buffer.concat(parts ?? []).toString('utf8')) as Record<string, unknown>;
  const full = JSON.parse(JSON.stringify(buildStatusReport(store, runId))) as Record<string, unknown>;
  for (const key of ['costUsd', 'costByRole', 'backends']) {
    delete fast[key];
    delete full[key];
  }
  expect(JSON.stringify(fast)).toBe(JSON.stringify(full));
};

/** Every kept block equals the join of its rows; returns how many blocks of each kind are kept. */
const checkBlocks = (store: SwarmStore): { attempts: number; waves: number } => {
  const count = (table: string, rows: string, key: string): number => {
    const stale = store.db.prepare(`SELECT b.run_id, b.block FROM ${table} b WHERE b.json IS NOT (SELECT CAST(group_concat(json, ',') AS BLOB) FROM (
      SELECT r.json FROM ${rows} r WHERE r.run_id = b.run_id AND r.${key} >= b.block * 64 AND r.${key} < b.block * 64 + 64 ORDER BY r.${key}))`).all();
    expect(stale, `${table} out of date`).toEqual([]);
    return Number(store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
  };
  return { attempts: count('attempt_report_blocks', 'attempt_report_json', 'seq'), waves: count('wave_report_blocks', 'wave_report_json', 'number') };
};

describe('status --json from blocks of kept texts', () => {
  it('follows long runs through every kind of write, blocks or rows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-status-blocks-'));
    dirs.push(dir);
    const store = SwarmStore.open(join(dir, '.swarm', 'swarm.db'));
    try {
      const run = store.createRun({ description: 'long', metric: 'score', direction: 'maximize', baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 500, ownerPid: process.pid }, 1_000);
      const ids = addAttempts(store, run.id, 200, 3, 0);
      // Seqs 1-200: blocks 0-2 full and finished; block 3 (192-255) holds the running ones.
      expect(checkBlocks(store)).toEqual({ attempts: 3, waves: 3 });
      expectSame(dir, store);
      // A finished attempt written again (its block rebuilt), one set running again (dropped), one deleted edge.
      store.updateAttempt(ids[10] ?? '', { hypothesis: 'rewritten', flags: ['no-change'] });
      store.updateAttempt(ids[70] ?? '', { status: 'running', phase: 'agent' });
      store.db.prepare('DELETE FROM edges WHERE to_id = ?').run(ids[130]);
      store.updateAttempt(ids[20] ?? '', { metrics: { score: 9, extra: 1 } });
      expect(checkBlocks(store)).toEqual({ attempts: 2, waves: 2 });
      expectSame(dir, store);
      store.updateAttempt(ids[70] ?? '', { status: 'scored', phase: 'done', score: 1, valid: true });
      expect(checkBlocks(store)).toEqual({ attempts: 3, waves: 3 });
      expectSame(dir, store);
      // A second run after it: its attempts start in block 3, which the first run's running rows keep open.
      const second = store.createRun({ description: 'next', metric: 'score', direction: 'minimize', baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 500, ownerPid: process.pid }, 50_000);
      addAttempts(store, second.id, 140, 0, 0);
      checkBlocks(store);
      expectSame(dir, store, second.id);
      expectSame(dir, store, run.id);
      // A stale run: its running rows show interrupted (they are never in a block).
      store.updateRun(run.id, { ownerPid: 999_999_999 });
      expectSame(dir, store, run.id);
      // An attempt deleted (no store call does): its block goes.
      store.db.prepare('DELETE FROM evaluations WHERE attempt_id = ?').run(ids[5]);
      store.db.prepare('DELETE FROM edges WHERE to_id = ? OR from_id = ?').run(ids[5], ids[5]);
      store.db.prepare('DELETE FROM attempts WHERE id = ?').run(ids[5]);
      // Run 1 keeps blocks 0-2, run 2 its part of block 3 and block 4: block 0 goes.
      expect(checkBlocks(store).attempts).toBe(4);
    } finally {
      store.close();
    }
  });
});
