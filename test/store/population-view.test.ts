import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { populationView } from '../../src/app/queries/population-view.js';
import { SwarmStore } from '../../src/store/swarm-store.js';

const dirs: string[] = [];
const tempDb = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-population-'));
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
const outcome = (score: number, instances: Record<string, number> | null) => ({
  metrics: { score }, score, valid: true, reason: null, feedback: null, instances, artifacts: null, exitCode: 0, signal: null,
  timedOut: false, durationMs: 5, stdoutTail: '', stderrTail: '', jobId: null, stage: 'main', seed: 0, commit: null,
});

describe('populationView', () => {
  it('catches up with new, finished and interrupted attempts exactly as a fresh read of the store sees them', () => {
    const path = tempDb();
    const store = SwarmStore.open(path);
    const run = store.createRun(newRun);
    const fresh = (): ReturnType<typeof populationView> => {
      const other = SwarmStore.open(path);
      try {
        return populationView({ store: other, runId: run.id });
      } finally {
        other.close();
      }
    };
    const a1 = store.createAttempt(newAttempt(run.id));
    const a2 = store.createAttempt(newAttempt(run.id, [a1.id]));
    // A running attempt with a stored result: the policies must not see it yet.
    store.updateAttempt(a2.id, { score: 9, metrics: { score: 9 }, flags: ['no-change'], hypothesis: 'h2' });
    const first = populationView({ store, runId: run.id });
    expect(first.map((a) => [a.id, a.status, a.score, a.flags])).toEqual([['a1', 'running', null, []], ['a2', 'running', null, []]]);
    expect(first).toEqual(fresh());

    store.addEvaluation(a2.id, 'official', outcome(1, { x: 1 }));
    store.addEvaluation(a2.id, 'official', outcome(2, { x: 2 }));
    store.updateAttempt(a2.id, { status: 'scored', score: 2, diff: { files: 1, insertions: 3, deletions: 1 }, finishedAt: 50 });
    store.updateAttempt(a1.id, { status: 'interrupted' });
    store.createAttempt(newAttempt(run.id, [a2.id, a1.id], [a2.id]));
    const second = populationView({ store, runId: run.id });
    expect(second.map((a) => a.id)).toEqual(['a2', 'a3']);
    expect(second[0]).toMatchObject({ status: 'scored', score: 2, instances: { x: 2 }, diffSize: 4, flags: ['no-change'], hypothesis: 'h2', finishedAt: 50 });
    expect(second[1]).toMatchObject({ parents: ['a2', 'a1'], informedBy: ['a2'], status: 'running' });
    expect(second).toEqual(fresh());
    expect(populationView({ store, runId: run.id })).toEqual(second);
    store.close();
  });
});
