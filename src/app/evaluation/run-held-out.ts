import { sandboxLinkMounts } from './link-targets.js';
import { join } from 'node:path';
import { SwarmError } from '../../core/domain/errors.js';
import { formatScore } from '../../core/domain/score.js';
import { referenceFromCommit } from '../../workspace/protected-files.js';
import { createEvaluatorRunner } from './create-evaluator-runner.js';
import { runProtection, type EvaluationDeps } from './evaluate-checkout.js';
import { scoreHeldOut, type HeldOutScore } from './held-out.js';
import { openProjectStore } from '../project/open-project.js';
import { selectRun } from '../project/select-run.js';
import { runnerLocks } from '../project/project-paths.js';
import type { RunDeps } from '../context/run-context.js';

/** What scoring the finalists at the run's end needs: an evaluation's deps, and where its scratch checkouts and logs go. */
export type HeldOutDeps = EvaluationDeps & Pick<RunDeps, 'paths'>;

/**
 * When a run ends: the best evaluator.heldOut.finalists attempts get their held-out score. Only
 * after the last attempt is recorded, so no agent and no Shepherd decision can ever see one.
 */
export const heldOutAtRunEnd = async (ctx: HeldOutDeps, report: (line: string) => void): Promise<HeldOutScore[]> => {
  const heldOut = ctx.config.evaluator.heldOut;
  if (heldOut === null || ctx.force.aborted) return [];
  const finalists = ctx.store.bestAttemptIds(ctx.runId, ctx.config.objective.direction, heldOut.finalists).map((id) => ctx.store.requireAttempt(id));
  const scores = await scoreHeldOut(
    { store: ctx.store, workspace: ctx.workspace, runner: ctx.runner, config: ctx.config, runId: ctx.runId, protection: await runProtection(ctx), signal: ctx.force },
    finalists,
    { heldOut, seed: ctx.config.shepherd.seed, scratchDir: join(ctx.paths.swarmDir, 'held-out'), logsDir: ctx.paths.logsDir },
  );
  for (const s of scores) report(`held-out ${s.attempt}: ${ctx.config.objective.metric} = ${formatScore(s.score)} · held-out ${s.valid ? formatScore(s.heldOut) : `invalid: ${s.reason ?? 'no score'}`}`);
  return scores;
};

/** `swarm heldout [attempts…]`: the named attempts, or the run's current finalists. */
export const heldOutOnDemand = async (options: { cwd: string; attempts: string[]; runId?: string; configFile?: string; signal: AbortSignal }): Promise<HeldOutScore[]> => {
  const { project, store, paths, workspace } = await openProjectStore(options.cwd, options.configFile);
  try {
    const { config } = await project.config();
    await workspace.ensureExcluded();
    const heldOut = config.evaluator.heldOut;
    if (heldOut === null) throw new SwarmError('CONFIG_INVALID', 'evaluator.heldOut is not set; add {"heldOut": {"command": "…"}} under evaluator in .swarmrc.json');
    const run = options.attempts.length > 0 ? null : selectRun(store, options.runId);
    const attempts = run === null
      ? options.attempts.map((id) => {
        const attempt = store.getAttempt(id);
        if (attempt === null || attempt.headCommit === null) throw new SwarmError('NOT_FOUND', `no evaluated attempt ${id} in this repository; list attempts with \`swarm status\``);
        return attempt;
      })
      : store.bestAttemptIds(run.id, run.objective.direction, heldOut.finalists).map((id) => store.requireAttempt(id));
    const scores: HeldOutScore[] = [];
    for (const runId of new Set(attempts.map((a) => a.runId))) {
      const baseCommit = store.requireRun(runId).baseCommit;
      scores.push(...await scoreHeldOut(
        {
          store,
          workspace,
          runner: await createEvaluatorRunner(config, runnerLocks(paths, config.concurrency.evaluations, sandboxLinkMounts(config, paths.root))),
          config,
          runId,
          protection: config.evaluator.protect.length === 0 ? null : await referenceFromCommit(workspace.root, baseCommit, config.evaluator.protect, workspace.subdir),
          signal: options.signal,
        },
        attempts.filter((a) => a.runId === runId),
        { heldOut, seed: config.shepherd.seed, scratchDir: join(paths.swarmDir, 'held-out'), logsDir: paths.logsDir },
      ));
    }
    return scores;
  } finally {
    store.close();
  }
};
