import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStatusReport } from '../../src/app/queries/status.js';
import { buildStatusDigest } from '../../src/app/queries/status-digest.js';
import { renderStatus } from '../../src/cli/render/status-table.js';
import { DIGEST_THRESHOLD } from '../../src/cli/render/status-rows.js';
import type { Direction } from '../../src/core/domain/score.js';
import type { AttemptStatus } from '../../src/core/domain/types.js';
import { SwarmStore } from '../../src/store/swarm-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 0, 1);
const NOW = T0 + 3_600_000;
const outcome = { stage: 'main', seed: 0, commit: null, metrics: { score: 1 }, score: 1, valid: true, reason: null, feedback: null, instances: null, artifacts: null, exitCode: 0, signal: null, timedOut: false, durationMs: 5, stdoutTail: '', stderrTail: '', jobId: null };

/**
 * A run of `count` attempts beside another run in the same store: a baseline, waves of 4 with
 * parents, every status, tied scores, attempts that finish out of creation order, costs on some
 * roles only, flags, a Pareto front, a nomination and a held-out check. `owner` is the driver pid
 * (alive: running attempts; dead: a stale run).
 */
const writeRun = (count: number, direction: Direction, owner: number): { store: SwarmStore; runId: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-status-digest-'));
  dirs.push(dir);
  const store = SwarmStore.open(join(dir, '.swarm', 'swarm.db'));
  const newRun = { description: 'digest', metric: 'score', direction, baseCommit: 'abc', baseBranch: 'main', configJson: '{"budget":{"evaluations":50}}', attemptBudget: count, ownerPid: owner };
  const other = store.createRun({ ...newRun, description: 'an earlier run' }, T0 - 1000);
  const run = store.createRun(newRun, T0);
  const ids: string[] = [];
  const waves = Math.ceil((count - 1) / 4);
  for (let i = 0; i < count; i++) {
    const wave = i === 0 ? 0 : Math.ceil(i / 4);
    if (i === 0 || i % 4 === 1) store.startWave(run.id, wave, 'explore', 'why', T0 + i * 1000);
    const parents = i === 0 ? [] : i % 3 === 0 ? [ids[i - 1] ?? '', ids[Math.floor(i / 2)] ?? ''] : [ids[Math.max(0, i - 4)] ?? ''];
    const a = store.createAttempt({
      runId: run.id, wave, role: i === 0 ? 'baseline' : i % 2 === 0 ? 'optimizer' : 'explorer', operator: i % 3 === 0 ? 'merge' : 'explore', backend: 'local', seed: i, context: 'c',
      parents, informedBy: i > 5 ? [ids[2] ?? ''] : [], paths: (id: string) => ({ branch: `swarm/${run.id}/${id}`, logDir: `/logs/${id}` }),
    }, T0 + i * 1000);
    ids.push(a.id);
    const last = wave === waves;
    const status: AttemptStatus = last && i % 2 === 0 ? 'running' : i % 11 === 5 ? 'invalid' : i % 13 === 7 ? 'failed' : i % 17 === 3 ? 'interrupted' : 'scored';
    // Costs in 64ths: SQLite sums them (compensated) in another order than the rows are added in JS,
    // which with decimal cents can round a total ending in half a cent the other way.
    // Scores with ties, and finish times that do not follow creation (every fifth finishes late).
    const score = status === 'scored' ? Math.round(Math.sin(i * 1.7) * 20) / 4 + (i === 0 ? 0 : i / 40) : null;
    store.updateAttempt(a.id, {
      status, phase: status === 'running' ? (i % 4 === 0 ? 'waiting' : 'agent') : 'done', score, valid: status === 'scored' ? true : status === 'invalid' ? false : null,
      reason: status === 'invalid' ? 'exited 1' : null, hypothesis: `hypothesis ${i}`, startedAt: T0 + i * 1000 + 10,
      finishedAt: status === 'running' ? null : T0 + i * 1000 + (i % 5 === 0 ? 400_000 : 5_000),
      usage: { inputTokens: 0, outputTokens: 0, costUsd: i % 2 === 0 && i > 0 ? (i % 7) / 64 : 0 },
      ...(i % 9 === 4 ? { flags: ['reused:a2'] } : {}),
    });
    if (status !== 'running') store.addEvaluation(a.id, 'official', outcome);
    if (!last && i % 4 === 0) store.finishWave(run.id, wave, T0 + i * 1000 + 6000);
  }
  // A Pareto front of two old attempts (shown in the digest though neither best nor recent) and nominations.
  store.front.update(run.id, ['a13', 'a21'], []);
  store.addEvent(run.id, 'attempt.nominated', { reason: 'clean', by: null }, 'a21', T0);
  store.addEvent(run.id, 'attempt.nominated', { reason: 'small', by: 'a30' }, 'a19', T0);
  store.addEvent(run.id, 'attempt.nominated', { reason: 'again', by: null }, 'a21', T0);
  store.createAttempt({ runId: other.id, wave: 1, role: 'explorer', operator: 'explore', backend: 'local', seed: 1, context: 'c', parents: [], informedBy: [], paths: (id: string) => ({ branch: `b/${id}`, logDir: `/l/${id}` }) }, T0);
  return { store, runId: run.id };
};

// In color: the rows that set a new best are the green ones.
const render = (report: Parameters<typeof renderStatus>[0]): string => renderStatus(report, { color: true, now: NOW, width: 140 });

describe('plain `swarm status` of a long run read as a digest', () => {
  for (const direction of ['maximize', 'minimize'] as const) {
    for (const [name, owner] of [['alive', process.pid], ['stale', 2 ** 22 + 12345]] as const) {
      it(`prints what the full report prints (${direction}, driver ${name})`, () => {
        const { store, runId } = writeRun(131, direction, owner);
        try {
          const full = buildStatusReport(store, runId);
          const digest = buildStatusDigest(store, DIGEST_THRESHOLD, runId);
          expect(digest.digest?.hidden).toBeGreaterThan(60);
          expect(digest.attempts.length).toBeLessThan(60);
          expect(render(digest)).toBe(render(full));
          // What the header reads, field by field (the rendering rounds costs and scores).
          expect(digest.counts).toEqual(full.counts);
          expect(digest.run).toEqual(full.run);
          expect(digest.waves).toEqual(full.waves);
          expect(digest.best).toEqual(full.best);
          expect(digest.baseline).toEqual(full.baseline);
          expect(digest.costUsd).toBeCloseTo(full.costUsd, 9);
          expect(digest.waits).toEqual(full.waits);
          expect(digest.front).toEqual(['a13', 'a21']);
          expect(digest.nominations).toEqual(full.nominations);
          expect(digest.attempts.map((a) => a.id)).toEqual(expect.arrayContaining(['a13', 'a21']));
        } finally {
          store.close();
        }
      });
    }
  }

  it('reads a run of up to the threshold in full (every row is shown anyway)', () => {
    const { store, runId } = writeRun(DIGEST_THRESHOLD, 'maximize', process.pid);
    try {
      const digest = buildStatusDigest(store, DIGEST_THRESHOLD, runId);
      expect(digest.digest).toBeUndefined();
      expect(digest).toEqual(buildStatusReport(store, runId));
    } finally {
      store.close();
    }
  });
});
