import type { AttemptPhase, AttemptStatus } from '../domain/types.js';

/**
 * The attempt life cycle of DESIGN.md as it is stored: a `running` attempt is in one phase; it
 * ends `scored`, `invalid` or `failed` in phase `done`, or `interrupted` in the phase it stopped
 * in (which `swarm status` and the resume event name). A planned attempt is stored in `prepare`
 * (its worktree is made then; the agent starts when an agent slot frees).
 */
export interface AttemptState {
  status: AttemptStatus;
  phase: AttemptPhase;
}

export type AttemptEnd = Exclude<AttemptStatus, 'running'>;

/** Where a running attempt may go from each phase. */
const NEXT: Readonly<Record<AttemptPhase, readonly AttemptPhase[]>> = {
  // `waiting`: its backend is closed by a rate or usage limit; the baseline has no agent.
  prepare: ['waiting', 'agent', 'evaluate'],
  waiting: ['prepare', 'agent'],
  // `waiting` again: the agent stopped at a limit and continues after the reset.
  agent: ['waiting', 'commit'],
  // An agent that failed or abstained has nothing to evaluate: it is recorded as it is.
  // A near-duplicate's agent may get one more turn (shepherd.novelty): commit, agent, commit again.
  commit: ['evaluate', 'record', 'agent'],
  evaluate: ['record'],
  record: ['done'],
  done: [],
};

/** True when a running attempt may move from `from` to `to`; staying in a phase is a no-op, except in `done`. */
export const canMove = (from: AttemptPhase, to: AttemptPhase): boolean => (from === to && from !== 'done') || NEXT[from].includes(to);

/**
 * True when a running attempt in `from` may end as `end`: a result (scored, invalid, or a failed
 * agent) only from `record`, after its findings entry; an interruption, or a failure of swarm
 * itself (`failed` with the `infrastructure` flag), from any phase before `done`.
 */
export const canEnd = (from: AttemptPhase, end: AttemptEnd): boolean => {
  if (from === 'done') return false;
  return end === 'interrupted' || end === 'failed' || from === 'record';
};

/** The state after a move to `to`, or null when the move is not legal from `current`. */
export const afterMove = (current: AttemptState, to: AttemptPhase): AttemptState | null =>
  current.status === 'running' && canMove(current.phase, to) ? { status: 'running', phase: to } : null;

/** The state after ending as `end`, or null when `current` may not end so. An interrupted attempt keeps its phase. */
export const afterEnd = (current: AttemptState, end: AttemptEnd): AttemptState | null => {
  if (current.status !== 'running' || !canEnd(current.phase, end)) return null;
  return { status: end, phase: end === 'interrupted' ? current.phase : 'done' };
};
