import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../../core/ports/index.js';
import { protectedDrift, removeByProducts, restoreProtected, setProtectedWritable, type ProtectedReference } from '../../workspace/protected-files.js';

/** The audit flag of an attempt whose agent or evaluated program changed a protected path. */
export const PROTECTED_VIOLATION = 'protected-violation';

const VIOLATION_OPENING = 'the evaluated program changed protected files (';

/** The protected paths an outcome's reason says its job changed (an outcome kept by the evaluation journal and taken back); [] for any other reason. */
export const violatedPathsOf = (reason: string | null): string[] =>
  reason?.startsWith(VIOLATION_OPENING) === true ? reason.slice(VIOLATION_OPENING.length, reason.indexOf(') during stage ')).split(', ').filter((path) => path !== '') : [];

export interface GuardedRunner {
  runner: EvaluatorRunner;
  /** Protected paths some job changed, in the order found. */
  violations: () => string[];
}

/**
 * Wraps a runner so every job (each cascade stage, each confirmation) sees the reference content
 * at the protected paths, read-only, and a job that changes one is invalid whatever it printed.
 * The changed files are put back at once, so the next stage and the record never see them.
 */
export const guardProtected = (inner: EvaluatorRunner, ref: ProtectedReference): GuardedRunner => {
  const violations = new Set<string>();
  const run = async (job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> => {
    // Bytecode and caches under protected paths are no violation, but none survives into a stage.
    await removeByProducts(job.cwd, ref);
    await restoreProtected(job.cwd, ref, await protectedDrift(job.cwd, ref));
    await setProtectedWritable(job.cwd, ref, false);
    let outcome: EvalOutcome;
    let changed: string[];
    try {
      outcome = await inner.run(job, signal);
      // Verified while still read-only: an untouched file keeps its stat, so it is not hashed again.
      changed = await protectedDrift(job.cwd, ref);
    } finally {
      await setProtectedWritable(job.cwd, ref, true);
    }
    if (changed.length === 0) return outcome;
    for (const path of changed) violations.add(path);
    await restoreProtected(job.cwd, ref, changed);
    return { ...outcome, valid: false, score: null, reason: `${VIOLATION_OPENING}${changed.join(', ')}) during stage ${job.stage}; the score does not count. Programs may not modify evaluator.protect paths` };
  };
  return { runner: { run }, violations: () => [...violations] };
};
