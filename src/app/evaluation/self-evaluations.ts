import { z } from 'zod';
import type { AttemptDetail } from '../../core/views/report.js';
import type { RunStore } from '../../core/ports/run-store.js';
import { SELF_EVAL_FAILED_EVENT } from './driver-evaluation.js';
import { SELF_EVALUATED_EVENT } from './eval-result.js';
const failedData = z.object({ reason: z.string() });
/** Reasons shown per attempt; the count covers them all. */
const MAX_REASONS = 5;

/** How an attempt's own `swarm eval` calls went, from its events (for `swarm show`). */
export const selfEvaluationsOf = (store: Pick<RunStore, 'attemptEvents'>, runId: string, attemptId: string): AttemptDetail['selfEvaluations'] => {
  const events = store.attemptEvents(runId, attemptId, [SELF_EVALUATED_EVENT, SELF_EVAL_FAILED_EVENT]);
  const failures = events.filter((e) => e.type === SELF_EVAL_FAILED_EVENT).map((e) => {
    try {
      const parsed = failedData.safeParse(JSON.parse(e.data));
      return parsed.success ? parsed.data.reason : 'no reason recorded';
    } catch {
      return 'no reason recorded';
    }
  });
  return { recorded: events.length - failures.length, failed: failures.length, failures: [...new Set(failures)].slice(0, MAX_REASONS) };
};
