import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config-assembly/index.js';
import type { EvalOutcome } from '../../../src/core/ports/index.js';
import { runId as toRunId } from '../../../src/core/domain/ids.js';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { endAttempt, movePhase } from '../../../src/app/attempt/phase.js';
import { interruptAttempt, type InterruptDeps } from '../../../src/app/attempt/record-stop.js';
import { restoreIncumbent, type IncumbentDeps } from '../../../src/app/attempt/record-stored.js';
import { storedResult, storeResult, type StoredResultDeps } from '../../../src/app/attempt/stored-result.js';

/**
 * Steps of the attempt life cycle built from only what they name (their deps type: a few fields of
 * RunDeps and RunState), on a real SQLite store: no run claimed, no workspace, no runner, no logger.
 */
const dirs: string[] = [];
const stores: SwarmStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openStore = (): { store: SwarmStore; runId: ReturnType<typeof toRunId> } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-step-deps-'));
  dirs.push(dir);
  const store = SwarmStore.open(join(dir, '.swarm', 'swarm.db'));
  stores.push(store);
  const run = store.createRun({ description: 'test', metric: 'score', direction: 'maximize', baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 10, ownerPid: 1 });
  return { store, runId: toRunId(run.id) };
};

const addAttempt = (store: SwarmStore, runId: string): string =>
  store.createAttempt({
    runId, wave: 1, role: 'explorer', operator: 'explore', backend: 'local', seed: 3, context: null, parents: [], informedBy: [],
    paths: (id) => ({ branch: `swarm/${runId}/${id}`, logDir: `/logs/${id}` }),
  }).id;

const OUTCOME: EvalOutcome = {
  valid: true, score: 7, metrics: { ms: 3 }, reason: null, feedback: null, instances: null, artifacts: null,
  exitCode: 0, signal: null, timedOut: false, durationMs: 5, stdoutTail: '', stderrTail: '', jobId: null,
};

/** An attempt walked through its phases to its record, scored. */
const recordScored = (store: SwarmStore, id: string, score: number): void => {
  movePhase(store, id, 'agent');
  movePhase(store, id, 'commit');
  movePhase(store, id, 'evaluate');
  movePhase(store, id, 'record');
  endAttempt(store, id, 'scored', { score, finishedAt: Date.now() });
};

describe('a step built from its deps alone', () => {
  it('interruptAttempt (runId and store) marks a running attempt interrupted once and leaves a recorded one as it is', () => {
    const { store, runId } = openStore();
    const deps: InterruptDeps = { runId, store };
    const running = addAttempt(store, runId);
    const scored = addAttempt(store, runId);
    recordScored(store, scored, 1);

    interruptAttempt(deps, running);
    interruptAttempt(deps, running);
    interruptAttempt(deps, scored);

    expect(store.requireAttempt(running)).toMatchObject({ status: 'interrupted' });
    expect(store.requireAttempt(running).finishedAt).not.toBeNull();
    expect(store.requireAttempt(scored)).toMatchObject({ status: 'scored', score: 1 });
    const events = store.listEvents(runId).filter((e) => e.type === 'attempt.interrupted');
    expect(events.map((e) => e.attemptId)).toEqual([running]);
  });

  it('storeResult and storedResult (store alone) keep an evaluated result a killed driver can record without evaluating again', () => {
    const { store, runId } = openStore();
    const deps: StoredResultDeps = { store };
    const id = addAttempt(store, runId);
    movePhase(store, id, 'agent', { worktree: '/w', baseCommit: 'b1' });
    movePhase(store, id, 'commit');
    movePhase(store, id, 'evaluate', { headCommit: 'h1' });
    expect(storedResult(deps, store.requireAttempt(id))).toBeNull();

    const official = { kind: 'official' as const, stage: 'main', seed: 3, outcome: OUTCOME };
    storeResult(deps, id, { kind: 'scored', reason: null, head: 'h1', diff: null, flags: ['x'], evaluation: { final: OUTCOME, results: [], violations: [] } }, [official]);

    const result = storedResult(deps, store.requireAttempt(id));
    expect(result).toMatchObject({ kind: 'scored', head: 'h1', flags: ['x'] });
    expect(result?.evaluation?.final).toMatchObject({ score: 7, valid: true, metrics: { ms: 3 } });
  });

  it('restoreIncumbent (runId, config, store, incumbent) moves the incumbent on the object it is handed', () => {
    const { store, runId } = openStore();
    const config = configSchema.parse({ evaluator: { command: 'true' }, objective: { metric: 'score', direction: 'minimize' } });
    const deps: IncumbentDeps = { runId, config, store, incumbent: { id: 'stale', score: 100 } };
    restoreIncumbent(deps);
    expect(deps.incumbent).toBeNull();

    const [worse, better] = [addAttempt(store, runId), addAttempt(store, runId)];
    recordScored(store, worse, 9);
    recordScored(store, better, 4);
    restoreIncumbent(deps);
    expect(deps.incumbent).toEqual({ id: better, score: 4 });
  });
});
