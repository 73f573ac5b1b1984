import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HeldOutConfig } from '../../config-assembly/index.js';
import type { AttemptRecord } from '../../store/records.js';
import { evaluateProgram, type ProgramEvaluation } from './evaluate-program.js';

/** A finalist's two scores: the run's own and the held-out one. */
export interface HeldOutScore {
  attempt: string;
  score: number | null;
  heldOut: number | null;
  valid: boolean;
  reason: string | null;
}

/**
 * Scores each finalist once with the held-out evaluator (seed `seed`), in a scratch worktree at
 * its evaluated commit under `scratchDir`, guarded like official evaluations and recorded as kind
 * "held-out". A finalist already scored held-out on that commit is not evaluated again.
 */
export const scoreHeldOut = async (
  ev: ProgramEvaluation,
  finalists: AttemptRecord[],
  p: { heldOut: HeldOutConfig; seed: number; scratchDir: string; logsDir: string },
): Promise<HeldOutScore[]> => {
  const scores: HeldOutScore[] = [];
  for (const attempt of finalists) {
    if (ev.signal.aborted || attempt.headCommit === null) continue;
    const commit = attempt.headCommit;
    const previous = ev.store.listEvaluations(attempt.id).filter((e) => e.kind === 'held-out' && e.commit === commit).at(-1);
    if (previous !== undefined) {
      scores.push({ attempt: attempt.id, score: attempt.score, heldOut: previous.valid ? previous.score : null, valid: previous.valid, reason: previous.reason });
      continue;
    }
    const worktree = join(p.scratchDir, attempt.id);
    // One left by a run killed during its held-out evaluations.
    await ev.workspace.removeWorktree(worktree).catch(() => undefined);
    await rm(worktree, { recursive: true, force: true });
    await ev.workspace.addDetachedWorktree(worktree, commit);
    try {
      const result = await evaluateProgram(ev, { attemptId: attempt.id, commit, worktree, logDir: join(p.logsDir, attempt.id, 'held-out'), stages: p.heldOut.stages, seeds: [p.seed], kind: 'held-out' });
      const heldOut = result.scores.get(p.seed) ?? null;
      scores.push({ attempt: attempt.id, score: attempt.score, heldOut, valid: heldOut !== null, reason: result.invalid[0]?.reason ?? null });
    } finally {
      await ev.workspace.removeWorktree(worktree).catch(() => undefined);
      await rm(worktree, { recursive: true, force: true });
    }
  }
  return scores;
};
