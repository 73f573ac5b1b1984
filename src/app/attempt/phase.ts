import { afterEnd, afterMove, type AttemptEnd, type AttemptState } from '../../core/attempt/attempt-phases.js';
import { SwarmError } from '../../core/domain/errors.js';
import type { AttemptPhase } from '../../core/domain/types.js';
import type { AttemptPatch, RunStore } from '../../core/ports/run-store.js';

/** The store as the phase writer uses it (the RunStore port). */
export type PhaseStore = Pick<RunStore, 'requireAttempt' | 'updateAttempt'>;

/** Fields written with a transition; status and phase come from the state machine only. */
export type PhasePatch = Omit<AttemptPatch, 'status' | 'phase'>;

const illegal = (id: string, current: AttemptState, to: string): SwarmError =>
  new SwarmError(
    'INTERNAL',
    `attempt ${id} cannot go from ${current.status} (phase ${current.phase}) to ${to}: a step of the attempt life cycle ran out of order; this is a bug in swarm, please report it`,
  );

/**
 * Moves a running attempt to phase `to` (core/attempt-phases.ts decides whether it may), writing
 * `patch` with it. Every phase write of the life cycle goes through here or `endAttempt`.
 */
export const movePhase = (store: PhaseStore, id: string, to: AttemptPhase, patch: PhasePatch = {}): void => {
  const current = store.requireAttempt(id);
  const next = afterMove(current, to);
  if (next === null) throw illegal(id, current, `phase ${to}`);
  store.updateAttempt(id, { ...patch, phase: next.phase });
};

/** Ends a running attempt as `end` (an interrupted one keeps its phase), writing `patch` with it. */
export const endAttempt = (store: PhaseStore, id: string, end: AttemptEnd, patch: PhasePatch = {}): void => {
  const current = store.requireAttempt(id);
  const next = afterEnd(current, end);
  if (next === null) throw illegal(id, current, end);
  store.updateAttempt(id, { ...patch, status: next.status, ...(next.phase === current.phase ? {} : { phase: next.phase }) });
};
