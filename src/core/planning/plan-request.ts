import type { AttemptId } from '../domain/ids.js';
import type { AttemptRecord } from '../ports/records.js';
import type { AttemptView } from '../domain/types.js';

export type { PolicyPlan as WavePlan } from './policy-input.js';

/** What a scheduler asks the Shepherd for: a plan of at most `maxAttempts` attempts. */
export interface PlanRequest {
  population: AttemptView[];
  baselineId: AttemptId;
  wave: number;
  /** At most this many attempts (budget and free slots). */
  maxAttempts: number;
  /** Plans already made in this wave/generation (async scheduling plans one attempt at a time); varies the seed. */
  draw?: number;
  /** The run's Pareto front (objective.metrics set), oldest first; absent with one objective. */
  front?: AttemptId[];
}

/** What both schedulers (waves and async) are started with. */
export interface WavesOptions {
  baselineId: string;
  drain: AbortSignal;
  report: (line: string) => void;
  /** Interrupted attempts of a previous process whose slots are planned again first. */
  replan: readonly AttemptRecord[];
}
