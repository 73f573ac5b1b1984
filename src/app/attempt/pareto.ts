import { creditWithheld } from '../../core/domain/population.js';
import { isMultiObjective } from '../../core/objectives/objectives.js';
import { addToFront, frontPoint, type FrontPoint } from '../../core/objectives/pareto-front.js';
import type { RunDeps } from '../context/run-context.js';
import { runObjectives } from './feasibility.js';

/**
 * Puts a recorded attempt on the run's Pareto front when no member dominates it (objective.metrics
 * set), taking off the members it dominates. Reads the front, not the population. Attempts that
 * earn no credit (reused, near-duplicate, unchanged, infeasible) never join: their point is
 * another attempt's. Called inside the record transaction.
 */
export const updateFront = (ctx: Pick<RunDeps, 'runId' | 'config' | 'store'>, attemptId: string): void => {
  const objectives = runObjectives(ctx.config);
  if (!isMultiObjective(objectives)) return;
  const attempt = ctx.store.requireAttempt(attemptId);
  if (attempt.status !== 'scored' || creditWithheld({ flags: attempt.flags })) return;
  const candidate = frontPoint(objectives, attempt);
  if (candidate === null) return;
  const members = ctx.store.front.members(ctx.runId).flatMap((id): FrontPoint[] => {
    const point = frontPoint(objectives, ctx.store.requireAttempt(id));
    return point === null ? [] : [point];
  });
  const step = addToFront(members, candidate);
  if (!step.joined) return;
  ctx.store.front.update(ctx.runId, [attemptId], step.removed);
  ctx.store.addEvent(ctx.runId, 'front.changed', { joined: attemptId, left: step.removed }, attemptId);
};
