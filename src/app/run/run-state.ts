import type { RunBreaker } from './run-breaker.js';

/** The attempt holding the best official score so far. */
export interface Incumbent {
  id: string;
  score: number;
}

/**
 * What changes while a run goes on, owned by the scheduler: the stop signals, the breaker that
 * may drain the run, and the incumbent that recording an attempt moves.
 */
export interface RunState {
  /** Aborted on the first Ctrl-C or by the breaker: attempts still waiting for a slot do not start. */
  drain: AbortSignal;
  /** Aborted on the second Ctrl-C: children are killed, attempts marked interrupted. */
  force: AbortSignal;
  /** Stops the run after `agent.maxConsecutiveFailures` attempts in a row failed alike. */
  breaker: RunBreaker;
  /** The incumbent, updated as attempts are recorded (for confirmation of a new best). */
  incumbent: Incumbent | null;
}
