import { SwarmError } from '../../core/domain/errors.js';
import type { RunStore } from '../../core/ports/run-store.js';

/** One commit on an attempt's lineage: the program an attempt left, and what it changed from its first parent. */
export interface LineageStep {
  attempt: string;
  role: string;
  /** The evaluated program of this attempt. */
  commit: string;
  /** The first parent's commit this attempt started from; null for the baseline. */
  from: string | null;
  parent: string | null;
  /** Other parents merged in by this step (its diff includes them: a merge counts as one unit). */
  merged: string[];
  description: string | null;
  /** The run's own score of this attempt. */
  recordedScore: number | null;
}

/** baseline → … → `attemptId`, following first parents, each with the commit it was scored on. */
export const attemptLineage = (store: Pick<RunStore, 'getAttempt' | 'listEdges'>, attemptId: string): LineageStep[] => {
  const target = store.getAttempt(attemptId);
  if (target === null) throw new SwarmError('NOT_FOUND', `no attempt ${attemptId} in this repository; list attempts with \`swarm status\``);
  const edges = store.listEdges(target.runId);
  const steps: LineageStep[] = [];
  const seen = new Set<string>();
  for (let id: string | null = target.id; id !== null; ) {
    if (seen.has(id)) throw new Error(`the lineage of ${attemptId} loops at ${id}`);
    seen.add(id);
    const attempt = store.getAttempt(id);
    if (attempt === null || attempt.headCommit === null) {
      throw new SwarmError('NOT_FOUND', `attempt ${id} on the lineage of ${attemptId} has no evaluated commit; review an attempt that was scored`);
    }
    const incoming = edges.filter((e) => e.to === id && e.kind !== 'informed_by').sort((a, b) => a.position - b.position);
    const parentId = incoming.find((e) => e.kind === 'parent')?.from ?? null;
    const parent = parentId === null ? null : store.getAttempt(parentId);
    steps.unshift({
      attempt: attempt.id,
      role: attempt.role,
      commit: attempt.headCommit,
      from: parent === null ? null : (parent.tipCommit ?? parent.headCommit),
      parent: parentId,
      merged: incoming.filter((e) => e.kind === 'merge').map((e) => e.from),
      description: attempt.summary ?? attempt.hypothesis,
      recordedScore: attempt.score,
    });
    id = parentId;
  }
  return steps;
};
