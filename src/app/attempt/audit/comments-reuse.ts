import type { AttemptSpec } from '../../../core/domain/types.js';
import type { CheckoutEvaluation } from '../../evaluation/evaluate-checkout.js';
import type { RunDeps } from '../../context/run-context.js';
import { reusedEvaluation, type ChangeAudit } from './audit-change.js';
import { decidingEvaluation } from './audit-tree.js';

/**
 * The parent's recorded result for a comments-only change that the exact tokenizers confirm (the
 * parent's program, token for token): reused instead of evaluating again, which could only
 * measure the evaluator's noise. Null when the comparison is not exact (the attempt is then
 * evaluated, and still never crowned), when it has several parents (its base is a merge, not one
 * evaluated program), or when the parent has no usable evaluation (none, or one that timed out).
 */
export const parentResultForComments = (
  ctx: Pick<RunDeps, 'store'>,
  spec: Pick<AttemptSpec, 'parents'>,
  audit: Pick<ChangeAudit, 'commentsExact'>,
): { from: string; evaluation: CheckoutEvaluation } | null => {
  const [first, ...others] = spec.parents;
  if (!audit.commentsExact || first === undefined || others.length > 0) return null;
  const parent = ctx.store.getAttempt(first);
  if (parent === null || (parent.status !== 'scored' && parent.status !== 'invalid')) return null;
  const record = decidingEvaluation(ctx.store.listEvaluations(parent.id));
  if (record === null || record.timedOut) return null;
  return { from: parent.id, evaluation: reusedEvaluation(parent, record, 'comments and layout only, the same tokens as its parent') };
};
