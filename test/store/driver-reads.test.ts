import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SwarmStore } from '../../src/store/swarm-store.js';

const dirs: string[] = [];
const tempDb = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-driver-reads-'));
  dirs.push(dir);
  return join(dir, '.swarm', 'swarm.db');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const newRun = { description: 'test', metric: 'score', direction: 'maximize' as const, baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 10, ownerPid: 1 };
const newAttempt = (runId: string, wave = 1) => ({
  runId, wave, role: 'explorer' as const, operator: 'explore' as const, backend: 'local', seed: 3, context: 'ctx', parents: [], informedBy: [],
  paths: (id: string) => ({ branch: `swarm/${runId}/${id}`, logDir: `/logs/${id}` }),
});
const outcome = { stage: 'main', seed: 0, commit: null, metrics: { score: 1 }, score: 1, valid: true, reason: null, feedback: null, instances: null, artifacts: null, exitCode: 0, signal: null, timedOut: false, durationMs: 5, stdoutTail: '', stderrTail: '', jobId: null };

/** The count a connection that never counted before gives: the whole run read at once. */
const freshCount = (path: string, runId: string): number => {
  const other = SwarmStore.open(path);
  try {
    return other.countEvaluations(runId);
  } finally {
    other.close();
  }
};

describe('the reads a driver repeats for every attempt', () => {
  it('counts evaluator runs from the rows added since the last count, a reused twin excluded, as a fresh read does', () => {
    const path = tempDb();
    const store = SwarmStore.open(path);
    const run = store.createRun(newRun);
    const other = store.createRun({ ...newRun, description: 'other run' });
    const a1 = store.createAttempt(newAttempt(run.id));
    expect(store.countEvaluations(run.id)).toBe(0);
    store.addEvaluation(a1.id, 'baseline', outcome);
    store.addEvaluation(a1.id, 'official', outcome);
    expect(store.countEvaluations(run.id)).toBe(2);
    // Written by another process: an evaluation of the other run, then a twin's result copied with its flag.
    const writer = SwarmStore.open(path);
    writer.addEvaluation(writer.createAttempt(newAttempt(other.id)).id, 'official', outcome);
    const twin = writer.createAttempt(newAttempt(run.id));
    writer.transaction(() => {
      writer.addEvaluation(twin.id, 'official', outcome);
      writer.updateAttempt(twin.id, { flags: [`reused:${a1.id}`] });
    });
    writer.addEvaluation(twin.id, 'review', outcome);
    writer.close();
    expect(store.countEvaluations(run.id)).toBe(3);
    expect(store.countEvaluations(other.id)).toBe(1);
    expect(store.countEvaluations(run.id)).toBe(freshCount(path, run.id));
    store.close();
  });

  it('names the open waves below a number that have no running attempt left', () => {
    const store = SwarmStore.open(tempDb());
    const run = store.createRun(newRun);
    for (const wave of [1, 2, 3, 4]) store.startWave(run.id, wave, 'rules', '');
    const inWave2 = store.createAttempt(newAttempt(run.id, 2));
    store.createAttempt(newAttempt(run.id, 3));
    store.finishWave(run.id, 1);
    const done = store.createAttempt(newAttempt(run.id, 4));
    store.updateAttempt(done.id, { status: 'scored' });
    expect(store.population.wavesToClose(run.id, 4)).toEqual([]);
    expect(store.population.wavesToClose(run.id, 5)).toEqual([4]);
    store.updateAttempt(inWave2.id, { status: 'failed' });
    expect(store.population.wavesToClose(run.id, 5)).toEqual([2, 4]);
    store.close();
  });

  it('finds events of a type and of an attempt, in the order they were written', () => {
    const store = SwarmStore.open(tempDb());
    const run = store.createRun(newRun);
    const [a1, a2] = [store.createAttempt(newAttempt(run.id)), store.createAttempt(newAttempt(run.id))];
    store.addEvent(run.id, 'b', { n: 1 }, a2.id);
    store.addEvent(run.id, 'a', { n: 2 }, a1.id);
    store.addEvent(run.id, 'b', { n: 3 }, a1.id);
    store.addEvent(run.id, 'a', { n: 4 }, a2.id);
    expect(store.listEventsOfType(run.id, ['a', 'b']).map((e) => JSON.parse(e.data) as unknown)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(store.attemptEvents(run.id, a1.id, ['b', 'a']).map((e) => JSON.parse(e.data) as unknown)).toEqual([{ n: 2 }, { n: 3 }]);
    store.close();
  });
});
