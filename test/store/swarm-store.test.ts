import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { SwarmStore } from '../../src/store/swarm-store.js';

const dirs: string[] = [];
const tempDb = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-store-'));
  dirs.push(dir);
  return join(dir, '.swarm', 'swarm.db');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const newRun = { description: 'test', metric: 'score', direction: 'maximize' as const, baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 10, ownerPid: 1 };
const newAttempt = (runId: string, parents: string[] = [], informedBy: string[] = []) => ({
  runId, wave: 1, role: 'explorer' as const, operator: 'explore' as const, backend: 'local', seed: 3, context: 'ctx', parents, informedBy,
  paths: (id: string) => ({ branch: `swarm/${runId}/${id}`, logDir: `/logs/${id}` }),
});

describe('SwarmStore', () => {
  it('creates the database with WAL and every migration applied', () => {
    const path = tempDb();
    SwarmStore.open(path).close();
    const db = new Database(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['runs', 'waves', 'attempts', 'edges', 'evaluations', 'events', 'sessions']));
    db.close();
  });

  it('allocates run and attempt ids in sequence, across runs, and records edges', () => {
    const store = SwarmStore.open(tempDb());
    const r1 = store.createRun(newRun);
    const a1 = store.createAttempt(newAttempt(r1.id));
    const a2 = store.createAttempt(newAttempt(r1.id, [a1.id], []));
    const r2 = store.createRun(newRun);
    const a3 = store.createAttempt(newAttempt(r2.id));
    const a4 = store.createAttempt(newAttempt(r1.id, [a2.id, a1.id], [a3.id]));
    expect([r1.id, r2.id]).toEqual(['r1', 'r2']);
    expect([a1.id, a2.id, a3.id, a4.id]).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(a4.branch).toBe('swarm/r1/a4');
    expect(store.listAttempts('r1').map((a) => a.id)).toEqual(['a1', 'a2', 'a4']);
    const edges = store.listEdges('r1').filter((e) => e.to === 'a4');
    expect(edges).toEqual(
      expect.arrayContaining([
        { from: 'a2', to: 'a4', kind: 'parent', position: 0 },
        { from: 'a1', to: 'a4', kind: 'merge', position: 1 },
        { from: 'a3', to: 'a4', kind: 'informed_by', position: 0 },
      ]),
    );
    expect(store.latestRun()?.id).toBe('r2');
    store.close();
  });

  it('updates attempts and reads JSON columns back validated', () => {
    const store = SwarmStore.open(tempDb());
    const run = store.createRun(newRun);
    const attempt = store.createAttempt(newAttempt(run.id));
    store.updateAttempt(attempt.id, {
      status: 'scored', phase: 'done', score: 2.5, valid: true, metrics: { score: 2.5, other: 1 }, flags: ['no-change'],
      usage: { inputTokens: 10, outputTokens: 20, costUsd: 0.01 }, diff: { files: 1, insertions: 2, deletions: 3 },
      session: { backend: 'claude-code', id: 's1', cumulativeCostUsd: 0.5 },
    });
    const back = store.requireAttempt(attempt.id);
    expect(back).toMatchObject({ status: 'scored', score: 2.5, valid: true, metrics: { score: 2.5, other: 1 }, flags: ['no-change'], diff: { files: 1, insertions: 2, deletions: 3 } });
    expect(back.session).toEqual({ backend: 'claude-code', id: 's1', cumulativeCostUsd: 0.5 });
    expect(back.usage.costUsd).toBeCloseTo(0.01);
    store.close();
  });

  it('records evaluations and events, and refuses a corrupt JSON column with a clear error', () => {
    const path = tempDb();
    const store = SwarmStore.open(path);
    const run = store.createRun(newRun);
    const attempt = store.createAttempt(newAttempt(run.id));
    store.addEvaluation(attempt.id, 'official', {
      stage: 'main', seed: 1, commit: 'abc', metrics: { score: 1 }, score: 1, valid: true, reason: null, feedback: 'ok', instances: { t1: 0.5 }, artifacts: null,
      exitCode: 0, signal: null, timedOut: false, durationMs: 12.7, stdoutTail: 'out', stderrTail: '', jobId: null,
    });
    const [evaluation] = store.listEvaluations(attempt.id);
    expect(evaluation).toMatchObject({ kind: 'official', valid: true, score: 1, instances: { t1: 0.5 }, durationMs: 13, feedback: 'ok' });
    expect(store.listEvents(run.id).map((e) => e.type)).toEqual(['run.started', 'attempt.planned']);
    store.db.prepare("UPDATE attempts SET metrics_json = '{broken' WHERE id = ?").run(attempt.id);
    expect(() => store.getAttempt(attempt.id)).toThrow(/corrupt JSON column/);
    store.close();
  });

  it('lets a second connection read while the first writes, and reopens an existing file', () => {
    const path = tempDb();
    const writer = SwarmStore.open(path);
    const run = writer.createRun(newRun);
    const reader = SwarmStore.open(path, { mustExist: true });
    writer.transaction(() => {
      writer.createAttempt(newAttempt(run.id));
      expect(reader.listAttempts(run.id)).toHaveLength(0);
    });
    expect(reader.listAttempts(run.id)).toHaveLength(1);
    reader.close();
    writer.close();
    const again = SwarmStore.open(path);
    expect(again.listRuns()).toHaveLength(1);
    again.close();
  });

  it('stores a conversation with its session so an optimizer can fork a copy', () => {
    const store = SwarmStore.open(tempDb());
    const run = store.createRun(newRun);
    const attempt = store.createAttempt(newAttempt(run.id));
    const ref = { backend: 'anthropic', id: 'conv-1' };
    expect(store.getSessionHistory(ref)).toBeNull();
    store.saveSession({ attemptId: attempt.id, ref, parentSessionId: null, messagesJson: '[{"role":"user"}]' });
    expect(store.getSessionHistory(ref)).toBe('[{"role":"user"}]');
    expect(store.getSessionHistory({ backend: 'openai', id: 'conv-1' })).toBeNull();
    store.close();
  });

  it('sums the tokens and cost recorded on events of one type', () => {
    const store = SwarmStore.open(tempDb());
    const run = store.createRun(newRun);
    expect(store.eventUsage(run.id, 'shepherd.llm')).toEqual({ tokens: 0, costUsd: 0 });
    store.addEvent(run.id, 'shepherd.llm', { inputTokens: 100, outputTokens: 20, costUsd: 0.5 });
    store.addEvent(run.id, 'shepherd.llm', { inputTokens: 10, outputTokens: 2, costUsd: 0.25 });
    store.addEvent(run.id, 'other', { inputTokens: 1000, costUsd: 9 });
    expect(store.eventUsage(run.id, 'shepherd.llm')).toEqual({ tokens: 132, costUsd: 0.75 });
    store.close();
  });

  it('says how to start when there is no database', () => {
    expect(() => SwarmStore.open(join(tmpdir(), 'nope-swarm', 'swarm.db'), { mustExist: true })).toThrow(/swarm run/);
  });

  it('refuses a database from a newer swarm', () => {
    const path = tempDb();
    SwarmStore.open(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${MIGRATIONS.length + 5}`);
    db.close();
    expect(() => SwarmStore.open(path)).toThrow(/upgrade swarm/);
  });

  it('reports a file that is not a database', () => {
    const path = tempDb();
    SwarmStore.open(path).close();
    writeFileSync(path, 'not sqlite at all, just text that is long enough to look like a header........');
    expect(() => SwarmStore.open(path)).toThrow(/not a usable swarm database/);
  });
});
