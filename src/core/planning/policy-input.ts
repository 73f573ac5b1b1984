import type { AttemptId } from '../domain/ids.js';
import type { Rng } from '../domain/random.js';
import type { Direction } from '../domain/score.js';
import { composeContext } from './shepherd-context.js';
import type { AttemptSpec, AttemptView, Operator } from '../domain/types.js';

/** Attempt ids in numeric order (a9 before a10); one collator, not one per comparison. */
const ATTEMPT_IDS = new Intl.Collator('en', { numeric: true });

/** What every policy receives: the population (running attempts included) and a seeded Rng. */
export interface PolicyInput {
  attempts: readonly AttemptView[];
  baselineId: AttemptId;
  direction: Direction;
  /** Number of the wave (or, with async scheduling, the generation) being planned. */
  wave: number;
  /** Upper bound from the budget and free slots. */
  maxAttempts: number;
  backend: string;
  rng: Rng;
  /**
   * The Pareto front of the run's feasible attempts over objective.metrics, oldest first; absent
   * with one objective. `rules` and `swarm` pick leaders from it, `llm` shows it.
   */
  front?: readonly AttemptId[];
}

export interface PolicyPlan {
  specs: AttemptSpec[];
  rationale: string;
}

const SEED_RANGE = 2 ** 31;

export interface SpecRequest {
  parents: AttemptId[];
  role: AttemptSpec['role'];
  operator: Operator;
  informedBy?: AttemptId[];
  /** Lines appended to the factual context (inspirations, a rebased hypothesis, crossover donors). */
  extra?: string[];
}

/** Builds a spec with the factual Shepherd context and a fresh seed. */
export const makeSpec = (input: PolicyInput, request: SpecRequest): AttemptSpec => {
  const context = composeContext({ attempts: input.attempts, direction: input.direction, parents: request.parents, operator: request.operator });
  return {
    parents: request.parents,
    role: request.role,
    operator: request.operator,
    backend: input.backend,
    informedBy: request.informedBy ?? [],
    seed: input.rng.int(SEED_RANGE),
    context: request.extra && request.extra.length > 0 ? `${context}\n${request.extra.join('\n')}` : context,
  };
};

/** Gain of `score` over `reference` in the objective's direction (positive = better). */
export const gain = (score: number, reference: number, direction: Direction): number =>
  direction === 'maximize' ? score - reference : reference - score;

/**
 * Oldest first by plan order (wave, then creation, then id: attempts of one wave are created in the
 * same millisecond): what policies read as "recent". Finish times would make a seeded run's plans
 * depend on which evaluation happened to end first.
 */
export const byPlanOrder = (a: AttemptView, b: AttemptView): number =>
  a.wave - b.wave || a.createdAt - b.createdAt || ATTEMPT_IDS.compare(a.id, b.id);
