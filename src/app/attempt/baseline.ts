import { attemptBranch, attemptId, runId as toRunId } from '../../core/domain/ids.js';
import type { AttemptRecord, RunRecord } from '../../store/records.js';
import { checkBaselineNoise } from '../evaluation/baseline-noise.js';
import { attemptEvaluationInput, evaluateCheckout } from '../evaluation/evaluate-checkout.js';
import { PROTECTED_VIOLATION } from '../evaluation/guard-evaluation.js';
import { attemptLogDir, attemptWorktree } from '../setup/project-paths.js';
import { recordAttempt, type AttemptResult } from './record.js';
import { applyConstraints } from './feasibility.js';
import { endAttempt, movePhase } from './phase.js';
import { releaseAttempt } from './release.js';
import { storeResult } from './stored-result.js';
import type { RunContext } from '../context/run-context.js';

/**
 * Wave 0: the unmodified program at the run's base commit, evaluated like any attempt so every
 * later score has a reference and every branch starts from a findings.md that records it.
 */
export const ensureBaseline = async (ctx: RunContext, run: RunRecord, warn: (line: string) => void = () => undefined): Promise<AttemptRecord> => {
  const existing = ctx.store.listAttempts(run.id).find((a) => a.role === 'baseline' && a.status !== 'interrupted');
  if (existing) return existing;
  const attempt = ctx.store.createAttempt({
    runId: run.id,
    wave: 0,
    role: 'baseline',
    operator: 'baseline',
    backend: 'none',
    seed: ctx.config.shepherd.seed,
    context: null,
    parents: [],
    informedBy: [],
    paths: (id) => ({ branch: attemptBranch(toRunId(run.id), attemptId(id)), logDir: attemptLogDir(ctx.paths, id) }),
  });
  const worktree = attemptWorktree(ctx.paths, attempt.id);
  try {
    const prepared = await ctx.workspace.prepareAttempt({
      branch: attempt.branch,
      worktreePath: worktree,
      parents: [{ commit: run.baseCommit, label: 'baseline' }],
      message: `swarm: baseline of ${run.id}`,
      trailers: { 'Swarm-Attempt': attempt.id },
    });
    movePhase(ctx.store, attempt.id, 'evaluate', { worktree, baseCommit: prepared.baseCommit, headCommit: prepared.baseCommit, summary: 'baseline program' });
    const input = await attemptEvaluationInput(ctx, attempt, worktree, 'baseline', attempt.seed);
    const first = await evaluateCheckout(input);
    const noise = ctx.config.evaluator.noiseCheck && !ctx.force.aborted ? await checkBaselineNoise(input, first) : { evaluation: first, warning: null };
    const evaluation = noise.evaluation;
    if (noise.warning !== null) {
      warn(noise.warning);
      ctx.logger.warn({ attempt: attempt.id }, noise.warning);
      ctx.store.addEvent(ctx.runId, 'baseline.noisy', { warning: noise.warning }, attempt.id);
    }
    if (ctx.force.aborted) {
      endAttempt(ctx.store, attempt.id, 'interrupted', { finishedAt: Date.now() });
      return ctx.store.requireAttempt(attempt.id);
    }
    const valid = evaluation.final.valid;
    const result: AttemptResult = applyConstraints(ctx.config, {
      kind: valid ? 'scored' : 'invalid',
      reason: valid ? null : evaluation.final.reason,
      head: prepared.baseCommit,
      diff: null,
      flags: evaluation.violations.length > 0 ? [PROTECTED_VIOLATION] : [],
      evaluation,
    });
    storeResult(ctx, attempt.id, result, evaluation.results);
    await recordAttempt(ctx, attempt, { role: 'baseline', parents: [] }, result);
  } finally {
    await releaseAttempt(ctx, attempt.id, worktree);
  }
  return ctx.store.requireAttempt(attempt.id);
};
