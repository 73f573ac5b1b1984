import { attemptId, runId, type AttemptId } from '../../src/core/domain/ids.js';
import { createRng } from '../../src/core/domain/random.js';
import type { AttemptView } from '../../src/core/domain/types.js';
import type { PolicyInput } from '../../src/core/planning/policy-input.js';

let clock = 0;

/** A synthetic attempt (no git, no SQLite): defaults describe a scored explorer of wave 1. */
export const view = (id: string, parent: string | null, score: number | null, extra: Partial<AttemptView> = {}): AttemptView => {
  clock += 1;
  return {
    id: attemptId(id),
    runId: runId('r1'),
    wave: parent === null ? 0 : 1,
    role: parent === null ? 'baseline' : 'explorer',
    operator: parent === null ? 'baseline' : 'explore',
    backend: 'local',
    parents: parent === null ? [] : [attemptId(parent)],
    status: score === null ? 'invalid' : 'scored',
    score,
    hypothesis: `idea of ${id}`,
    createdAt: clock,
    finishedAt: clock,
    costUsd: 0,
    ...extra,
  };
};

export const input = (attempts: AttemptView[], wave: number, maxAttempts = 8, seed = 1): PolicyInput => ({
  attempts,
  baselineId: attemptId('a1') as AttemptId,
  direction: 'maximize',
  wave,
  maxAttempts,
  backend: 'local',
  rng: createRng(seed),
});
