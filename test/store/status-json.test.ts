import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/app/queries/status.js';
import { statusJsonParts } from '../../src/app/queries/status-json.js';
import { recordNomination } from '../../src/store/nominations.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { STATUS_METRICS_MIGRATION } from '../../src/store/status-metrics-migration.js';
import { STATUS_REPORT_MIGRATION } from '../../src/store/status-report-migration.js';
import { SwarmStore } from '../../src/store/swarm-store.js';
import type { AttemptStatus, Role } from '../../src/core/domain/types.js';

// `swarm status --json` answers from what the schema keeps as rows are written (status-json.ts);
// the full report (buildStatusReport) is the reference. Every store here is written through
// SwarmStore, as a driver writes it, and both readings must print the same object.

const dirs: string[] = [];
const tempProject = (): { dir: string; db: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-status-json-'));
  dirs.push(dir);
  return { dir, db: join(dir, '.swarm', 'swarm.db') };
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const deadPid = (): number => {
  const child = spawnSync('true');
  return child.pid ?? 999_999;
};

const outcome = (score: number | null, valid: boolean) => ({
  metrics: (score === null ? {} : { score }) as Record<string, number>, score, valid, reason: valid ? null : 'bad', feedback: null, instances: null, artifacts: null,
  exitCode: valid ? 0 : 1, signal: null, timedOut: false, durationMs: 10, stdoutTail: '', stderrTail: '', jobId: null,
  stage: 'main', seed: 1, commit: null,
});

interface Spec {
  role: Role;
  status: AttemptStatus;
  parents?: string[];
  informedBy?: string[];
  score?: number | null;
  cost?: number;
  backend?: string;
  wave?: number;
  flags?: string[];
  hypothesis?: string | null;
  finished?: boolean;
}

/** A run of `specs`, written as a driver writes it; returns the store (open) and the ids. */
const writeRun = (db: string, options: { direction?: 'maximize' | 'minimize'; config?: unknown; ownerPid?: number | null; status?: 'running' | 'finished' }, specs: Spec[]) => {
  const store = SwarmStore.open(db);
  const run = store.createRun({
    description: 'a run with "quotes"\nand a line', metric: 'loss', direction: options.direction ?? 'maximize', baseCommit: 'abc', baseBranch: 'main',
    configJson: JSON.stringify(options.config ?? { agent: { backend: 'local', model: null } }), attemptBudget: 50, ownerPid: options.ownerPid ?? process.pid,
  }, 1_000);
  const ids: string[] = [];
  specs.forEach((spec, i) => {
    const wave = spec.wave ?? (spec.role === 'baseline' ? 0 : 1 + Math.floor(i / 3));
    if (!store.listWaves(run.id).some((w) => w.number === wave)) store.startWave(run.id, wave, 'rules', 'why', 2_000 + i);
    const attempt = store.createAttempt({
      runId: run.id, wave, role: spec.role, operator: spec.role === 'baseline' ? 'baseline' : (spec.parents?.length ?? 0) > 1 ? 'merge' : 'explore',
      backend: spec.backend ?? 'local', seed: i, context: null, parents: spec.parents ?? [], informedBy: spec.informedBy ?? [],
      paths: (id) => ({ branch: `swarm/${run.id}/${id}`, logDir: `/logs/${id}` }),
    }, 3_000 + i);
    ids.push(attempt.id);
    const score = spec.score ?? null;
    if (spec.status === 'scored' || spec.status === 'invalid') store.addEvaluation(attempt.id, spec.role === 'baseline' ? 'baseline' : 'official', outcome(score, spec.status === 'scored'));
    store.updateAttempt(attempt.id, {
      status: spec.status, phase: spec.status === 'running' ? 'agent' : 'done', score: spec.status === 'scored' ? score : null,
      valid: spec.status === 'scored' ? true : spec.status === 'invalid' ? false : null, reason: spec.status === 'invalid' ? 'it printed garbage: \u0001 "x" \\ ü 🚀' : null,
      error: spec.status === 'failed' ? 'agent failed' : null, hypothesis: spec.hypothesis === undefined ? `h${i} ✓ "quoted"` : spec.hypothesis,
      summary: spec.status === 'running' ? null : `s${i}`, usage: { inputTokens: 1, outputTokens: 1, costUsd: spec.cost ?? 0 },
      flags: spec.flags ?? [], ...(spec.finished === false || spec.status === 'running' ? {} : { finishedAt: 10_000 + i * 1_001 }),
      // Every finished attempt has metrics stored; the report gives them to the scored ones only.
      ...(spec.status === 'running' ? {} : { metrics: { loss: score ?? 0, size: i * 1.5, tiny: 1e-7 * (i + 1), whole: 2 } }),
    });
    store.addEvent(run.id, 'attempt.finished', { status: spec.status }, attempt.id, 20_000 + i);
  });
  if (options.status === 'finished') store.updateRun(run.id, { status: 'finished', finishedAt: 99_000, stopReason: 'budget' });
  return { store, runId: run.id, ids };
};

/** The fast text and the full report as parsed JSON; dollar sums compared apart (summed in another order). */
const bothReadings = (dir: string, store: SwarmStore, runId?: string) => {
  const parts = statusJsonParts({ cwd: dir, ...(runId === undefined ? {} : { runId }) });
  const fast = parts === null ? null : (JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>);
  const full = JSON.parse(JSON.stringify(buildStatusReport(store, runId))) as Record<string, unknown>;
  return { fast, full, text: parts === null ? null : Buffer.concat(parts).toString('utf8') };
};

const roundCosts = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(roundCosts);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'costUsd' && typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : roundCosts(v)]));
};

const expectSameReport = (dir: string, store: SwarmStore, runId?: string): Record<string, unknown> => {
  const { fast, full, text } = bothReadings(dir, store, runId);
  expect(fast, 'the fast path declined this store').not.toBeNull();
  // The same keys in the same order, at every level; the same values (dollars to 1e-9).
  expect(JSON.stringify(roundCosts(fast))).toBe(JSON.stringify(roundCosts(full)));
  expect(text?.endsWith('}\n')).toBe(true);
  // A whole number prints as JSON.stringify prints it (2, not SQLite's 2.0).
  expect(text).not.toMatch(/":-?\d+\.0[,}\]]/);
  return fast as Record<string, unknown>;
};

const mixedSpecs = (): Spec[] => [
  { role: 'baseline', status: 'scored', score: 2, cost: 0 },
  { role: 'explorer', status: 'scored', parents: ['a1'], score: 2.5, cost: 0.1, backend: 'claude' },
  { role: 'explorer', status: 'invalid', parents: ['a1'], cost: 0.2, backend: 'codex' },
  { role: 'optimizer', status: 'scored', parents: ['a2'], score: 2.5, cost: 0.3, backend: 'claude' },
  { role: 'explorer', status: 'failed', parents: ['a1'], cost: 0.7, backend: 'other', hypothesis: null },
  { role: 'optimizer', status: 'interrupted', parents: ['a4'], cost: 0.05, backend: 'claude' },
  { role: 'explorer', status: 'scored', parents: ['a4', 'a2'], informedBy: ['a3'], score: 1.25, cost: 0.1, backend: 'codex', flags: ['reused:a2'] },
  { role: 'optimizer', status: 'scored', parents: ['a7'], score: 3, cost: 0.1, backend: 'codex' },
  { role: 'explorer', status: 'running', parents: ['a1'], backend: 'claude' },
  { role: 'optimizer', status: 'running', parents: ['a8'], backend: 'codex', cost: 0.01 },
];

describe('status --json from the kept report texts', () => {
  it('prints what the full report prints: merges, informed-by, pools, flags, costs, texts that need escaping', () => {
    const { dir, db } = tempProject();
    const config = { agent: { backend: 'claude', model: 'sonnet', pool: [{ name: 'codex', model: 'gpt-5' }, { name: 'claude', model: null }, { name: 'unused', model: 'm' }] }, budget: { evaluations: 40 } };
    const { store, runId, ids } = writeRun(db, { config }, mixedSpecs());
    try {
      store.addEvaluation(ids[1] ?? '', 'held-out', outcome(7, true));
      store.addEvaluation(ids[3] ?? '', 'held-out', outcome(5, true));
      store.addEvaluation(ids[1] ?? '', 'held-out', outcome(6, false));
      store.addEvaluation(ids[1] ?? '', 'intermediate', outcome(1, true));
      recordNomination(store, { runId, attemptId: ids[3] ?? '', reason: 'clean', by: null });
      recordNomination(store, { runId, attemptId: ids[1] ?? '', reason: 'small', by: 'me' });
      recordNomination(store, { runId, attemptId: ids[3] ?? '', reason: 'again', by: 'me' });
      store.front.update(runId, [ids[3] ?? '', ids[1] ?? ''], []);
      const report = expectSameReport(dir, store);
      expect((report.attempts as unknown[]).length).toBe(10);
      // Baseline, four official (a7's reused one is no run), three held-out, one intermediate.
      expect((report.run as { evaluationsUsed: number }).evaluationsUsed).toBe(9);
      expect((report.backends as Array<{ name: string }>).map((b) => b.name)).toEqual(['codex', 'claude', 'unused', 'other']);
    } finally {
      store.close();
    }
  });

  it('follows every later write: a score, a status, flags, a finished wave, a new edge, a new attempt', () => {
    const { dir, db } = tempProject();
    const { store, ids, runId } = writeRun(db, { direction: 'minimize' }, mixedSpecs());
    try {
      expectSameReport(dir, store);
      store.updateAttempt(ids[8] ?? '', { status: 'scored', phase: 'done', score: -1, valid: true, finishedAt: 50_000, summary: 'now scored' });
      // A parent's score changes after its children were scored: their improvements follow.
      const before = JSON.stringify(expectSameReport(dir, store).backends);
      store.updateAttempt(ids[1] ?? '', { score: 4 });
      store.updateAttempt(ids[6] ?? '', { status: 'invalid', score: null });
      expect(JSON.stringify(expectSameReport(dir, store).backends)).not.toBe(before);
      // (reused: and near-duplicate: flags are written with the copied evaluation and never change: EvaluationCounts)
      store.updateAttempt(ids[2] ?? '', { flags: ['no-change', 'big-diff'], hypothesis: 'rewritten' });
      store.db.prepare("INSERT INTO edges (run_id, from_id, to_id, kind, position) VALUES (?, ?, ?, 'merge', 1)").run(runId, ids[3], ids[4]);
      store.createAttempt({
        runId, wave: 9, role: 'explorer', operator: 'explore', backend: 'local', seed: 1, context: null, parents: [ids[0] ?? ''], informedBy: [],
        paths: (id) => ({ branch: `b/${id}`, logDir: `/l/${id}` }),
      });
      store.finishWave(runId, 2, 60_000);
      // Only the metrics change (no other column): the kept text follows.
      store.updateAttempt(ids[3] ?? '', { metrics: { loss: 2.5, size: 0.125, added: -3 } });
      const report = expectSameReport(dir, store);
      expect((report.attempts as Array<{ id: string; metrics?: unknown }>).find((a) => a.id === ids[3])?.metrics).toEqual({ loss: 2.5, size: 0.125, added: -3 });
      expect((report.best as { id: string }).id).toBe(ids[8]);
    } finally {
      store.close();
    }
  });

  it('shows a stale run as the full report does: rows left running interrupted, their clocks stopped', () => {
    const { dir, db } = tempProject();
    const specs: Spec[] = [{ role: 'baseline', status: 'running' }, ...mixedSpecs().slice(1)];
    const { store } = writeRun(db, { ownerPid: deadPid() }, specs);
    try {
      const report = expectSameReport(dir, store);
      expect((report.run as { stale: unknown }).stale).not.toBeNull();
      expect((report.counts as { running: number }).running).toBe(0);
      expect(report.baseline).toBeNull();
    } finally {
      store.close();
    }
  });

  it('reads a run named by --run, an empty run, and a finished one', () => {
    const { dir, db } = tempProject();
    const first = writeRun(db, { status: 'finished' }, mixedSpecs().slice(0, 4).map((s) => ({ ...s, status: s.status === 'running' ? 'scored' : s.status })));
    first.store.close();
    const store = SwarmStore.open(db);
    try {
      store.createRun({ description: 'empty', metric: 'm', direction: 'maximize', baseCommit: 'b', baseBranch: null, configJson: 'not json', attemptBudget: 0, ownerPid: process.pid });
      store.imports.add('r2', { attemptId: 'a2', fromRun: 'r1', fromAttempt: 'a2', fromScore: 2.5 });
      const latest = expectSameReport(dir, store);
      expect(latest.attempts).toEqual([]);
      expectSameReport(dir, store, 'r1');
      expect(statusJsonParts({ cwd: dir, runId: 'r9' })).toBeNull();
    } finally {
      store.close();
    }
  });

  it('answers from a subfolder of the project, and not where there is no database', () => {
    const { dir, db } = tempProject();
    const { store } = writeRun(db, {}, mixedSpecs().slice(0, 3));
    store.close();
    const deep = join(dir, '.swarm');
    expect(statusJsonParts({ cwd: deep })).not.toBeNull();
    expect(statusJsonParts({ cwd: mkdtempSync(join(tmpdir(), 'swarm-no-db-')) })).toBeNull();
  });

  it('leaves to the full report what it does not build: agent jobs, instruction variants, limit waits, a non-finite score', () => {
    const cases: Array<[string, (store: SwarmStore, runId: string, ids: string[]) => void]> = [
      ['agent job', (store, _runId, ids) => store.agentJobs.set(ids[8] ?? '', { jobId: '7', node: 'n1', pendingMs: 5, state: 'RUNNING', retries: 0 })],
      ['instruction variant', (store, runId) => store.instructions.add(runId, { id: 'v1', parent: null, text: 'go', origin: 'built-in' })],
      ['limit wait', (store, runId) => store.addEvent(runId, 'agent.waiting', { backend: 'claude', kind: 'rate-limit', until: Date.now() + 60_000, detail: 'x' })],
      ['non-finite score', (store, _runId, ids) => store.db.prepare('UPDATE attempts SET score = 1e999 WHERE id = ?').run(ids[1])],
    ];
    for (const [what, write] of cases) {
      const { dir, db } = tempProject();
      const { store, runId, ids } = writeRun(db, {}, mixedSpecs());
      try {
        expect(statusJsonParts({ cwd: dir }), `before the ${what}`).not.toBeNull();
        write(store, runId, ids);
        expect(statusJsonParts({ cwd: dir }), `with a ${what}`).toBeNull();
      } finally {
        store.close();
      }
    }
  });

  it('declines a database of another schema version, which the full path migrates or refuses', () => {
    const { dir, db } = tempProject();
    writeRun(db, {}, mixedSpecs().slice(0, 2)).store.close();
    const raw = new Database(db);
    raw.pragma(`user_version = ${MIGRATIONS.length - 1}`);
    raw.close();
    expect(statusJsonParts({ cwd: dir })).toBeNull();
  });

  it('fills the kept texts of a database written before them (the migration), equal to the full report', () => {
    const { dir, db } = tempProject();
    // A database as the previous schema version had it: the last migration's objects taken out again.
    const { store, runId, ids } = writeRun(db, {}, mixedSpecs());
    store.close();
    const raw = new Database(db);
    const added = raw.prepare("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view', 'table') AND (name LIKE 'attempt_report%' OR name LIKE 'attempt_facts%' OR name LIKE 'wave_report%') ORDER BY type = 'table'").raw().all() as Array<[string, string]>;
    expect(added.length).toBeGreaterThan(5);
    for (const [type, name] of added) raw.exec(`DROP ${type.toUpperCase()} ${name}`);
    raw.exec('DROP INDEX edges_to; CREATE INDEX edges_to ON edges(to_id, kind, position); DROP INDEX evaluations_attempt; CREATE INDEX evaluations_attempt ON evaluations(attempt_id);');
    // Before the 12th migration, and so before the 13th (metrics), which replaces its view, and the 14th (blocks).
    raw.pragma(`user_version = ${MIGRATIONS.indexOf(STATUS_REPORT_MIGRATION)}`);
    raw.close();
    const reopened = SwarmStore.open(db);
    try {
      expect(reopened.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const report = expectSameReport(dir, reopened, runId);
      expect((report.attempts as Array<{ id: string }>).map((a) => a.id)).toEqual(ids);
    } finally {
      reopened.close();
    }
  });

  it('gives every scored attempt its metrics, and no other attempt any (the 13th migration fills them in)', () => {
    const { dir, db } = tempProject();
    const { store, runId, ids } = writeRun(db, {}, mixedSpecs());
    store.close();
    // A database as the 12th migration left it: kept texts without metrics, no trigger on them (nor blocks: the 14th).
    const raw = new Database(db);
    raw.exec("DROP TRIGGER attempt_report_metrics_update; UPDATE attempt_report_json SET json = json_remove(json, '$.metrics');");
    raw.exec('DROP TABLE attempt_report_blocks; DROP TABLE wave_report_blocks;');
    raw.pragma(`user_version = ${MIGRATIONS.indexOf(STATUS_METRICS_MIGRATION)}`);
    raw.close();
    const reopened = SwarmStore.open(db);
    try {
      const report = expectSameReport(dir, reopened, runId);
      const attempts = report.attempts as Array<{ id: string; status: string; metrics?: Record<string, number> }>;
      for (const a of attempts) expect(a.metrics === undefined, a.id).toBe(a.status !== 'scored');
      expect(attempts.find((a) => a.id === ids[1])?.metrics).toEqual({ loss: 2.5, size: 1.5, tiny: 2e-7, whole: 2 });
    } finally {
      reopened.close();
    }
  });
});
