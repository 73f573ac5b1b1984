import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isSwarmError } from '../../../src/core/domain/errors.js';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { endAttempt, movePhase } from '../../../src/app/attempt/phase.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const storeWithAttempt = (): { store: SwarmStore; id: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-phase-'));
  dirs.push(dir);
  const store = SwarmStore.open(join(dir, '.swarm', 'swarm.db'));
  const run = store.createRun({ description: 'test', metric: 'score', direction: 'maximize', baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 10, ownerPid: 1 });
  const attempt = store.createAttempt({
    runId: run.id, wave: 1, role: 'explorer', operator: 'explore', backend: 'local', seed: 3, context: 'ctx', parents: [], informedBy: [],
    paths: (id) => ({ branch: `swarm/${run.id}/${id}`, logDir: `/logs/${id}` }),
  });
  return { store, id: attempt.id };
};

const thrown = (fn: () => void): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
};

describe('phase writes in the store', () => {
  it('walks a planned attempt through its phases to its record, with the fields of each step', () => {
    const { store, id } = storeWithAttempt();
    expect(store.requireAttempt(id)).toMatchObject({ status: 'running', phase: 'prepare' });
    movePhase(store, id, 'agent', { worktree: '/w', baseCommit: 'b1' });
    movePhase(store, id, 'commit', { summary: 'did it' });
    movePhase(store, id, 'evaluate', { headCommit: 'h1' });
    movePhase(store, id, 'record');
    endAttempt(store, id, 'scored', { score: 2 });
    expect(store.requireAttempt(id)).toMatchObject({ status: 'scored', phase: 'done', worktree: '/w', baseCommit: 'b1', summary: 'did it', headCommit: 'h1', score: 2 });
    store.close();
  });

  it('refuses a skipped phase and writes nothing', () => {
    const { store, id } = storeWithAttempt();
    const error = thrown(() => movePhase(store, id, 'commit', { summary: 'skipped the agent' }));
    expect(isSwarmError(error) && error.code).toBe('INTERNAL');
    expect(String(error)).toContain(`attempt ${id} cannot go from running (phase prepare) to phase commit`);
    expect(store.requireAttempt(id)).toMatchObject({ phase: 'prepare', summary: null });
    store.close();
  });

  it('keeps the phase of an interrupted attempt and moves it no further', () => {
    const { store, id } = storeWithAttempt();
    movePhase(store, id, 'agent');
    endAttempt(store, id, 'interrupted', { finishedAt: 5 });
    expect(store.requireAttempt(id)).toMatchObject({ status: 'interrupted', phase: 'agent', finishedAt: 5 });
    expect(isSwarmError(thrown(() => movePhase(store, id, 'commit')))).toBe(true);
    expect(isSwarmError(thrown(() => endAttempt(store, id, 'failed')))).toBe(true);
    expect(store.requireAttempt(id)).toMatchObject({ status: 'interrupted', phase: 'agent' });
    store.close();
  });
});
