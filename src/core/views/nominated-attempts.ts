import type { NominatedAttempt } from './report.js';

/** Nominations grouped per attempt, most nominated first (ties: first nominated first); `scoreOf` an attempt's score. */
export const nominatedAttempts = (nominations: ReadonlyArray<{ attemptId: string; reason: string }>, scoreOf: (id: string) => number | null): NominatedAttempt[] => {
  const byId = new Map<string, NominatedAttempt>();
  for (const n of nominations) {
    const entry = byId.get(n.attemptId) ?? { id: n.attemptId, count: 0, score: scoreOf(n.attemptId), reasons: [] };
    entry.count += 1;
    entry.reasons.push(n.reason);
    byId.set(n.attemptId, entry);
  }
  return [...byId.values()].sort((a, b) => b.count - a.count);
};
