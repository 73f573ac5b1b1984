import { join } from 'node:path';
import { projectPaths } from '../project/project-paths.js';
import { provisionFailureText, provisionStep } from '../workspace/provision-step.js';
import { sharedLinkTargets } from './link-targets.js';
import { passedEnv } from '../../core/trust/env-allow-list.js';
import type { EvaluatorRunner } from '../../core/ports/index.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { Workspace } from '../../core/ports/workspace.js';
import type { StageConfig, SwarmConfig } from '../../config-assembly/index.js';
import type { EvaluationKind } from '../../store/records.js';
import type { ProtectedReference } from '../../workspace/protected-files.js';
import { evaluateCheckout } from './evaluate-checkout.js';

/** What re-measuring recorded programs needs: the run's evaluator, guarded as official evaluations are. */
export interface ProgramEvaluation {
  store: RunStore;
  workspace: Workspace;
  runner: EvaluatorRunner;
  config: SwarmConfig;
  runId: string;
  protection: ProtectedReference | null;
  signal: AbortSignal;
}

export interface SeededScores {
  /** Valid scores by seed. */
  scores: Map<number, number>;
  invalid: Array<{ seed: number; reason: string }>;
}

/**
 * Evaluates the program checked out at `worktree` (`commit`) once per seed, through `stages`,
 * records every stage against `attemptId` as `kind` at once, and resets the checkout after each
 * evaluation so the next seed sees the program as committed.
 */
export const evaluateProgram = async (
  ev: ProgramEvaluation,
  p: { attemptId: string; commit: string; worktree: string; logDir: string; stages: StageConfig[]; seeds: number[]; kind: EvaluationKind },
): Promise<SeededScores> => {
  const scores = new Map<number, number>();
  const invalid: SeededScores['invalid'] = [];
  for (const seed of p.seeds) {
    if (ev.signal.aborted) break;
    // Again for every seed: the reset after each evaluation removes what provisioning put there.
    const ids = { SWARM_RUN_ID: ev.runId, SWARM_ATTEMPT_ID: p.attemptId };
    const provisioned = await provisionStep({ config: ev.config, root: ev.workspace.root, subdir: ev.workspace.subdir, setupCacheDir: projectPaths(join(ev.workspace.root, ev.workspace.subdir)).setupCacheDir, worktree: p.worktree, logDir: p.logDir, ids, signal: ev.signal });
    const unusable = provisionFailureText(provisioned);
    if (unusable !== null) {
      invalid.push({ seed, reason: unusable });
      continue;
    }
    const result = await evaluateCheckout({
      runner: ev.runner,
      stages: p.stages,
      cwd: ev.workspace.projectFolder(p.worktree),
      subdir: ev.workspace.subdir,
      logDir: join(p.logDir, `seed-${seed}`),
      metric: ev.config.objective.metric,
      direction: ev.config.objective.direction,
      seed,
      env: { ...passedEnv(process.env, ev.config.evaluator.passEnv), ...ev.config.evaluator.env, SWARM_RUN_ID: ev.runId, SWARM_ATTEMPT_ID: p.attemptId },
      kind: p.kind,
      signal: ev.signal,
      protection: ev.protection,
      artifacts: null,
      links: sharedLinkTargets(ev.config, ev.workspace.root, ev.workspace.subdir),
    });
    ev.store.transaction(() => {
      for (const r of result.results) ev.store.addEvaluation(p.attemptId, p.kind, { ...r.outcome, stage: r.stage, seed, commit: p.commit });
    });
    await ev.workspace.resetWorktree(p.worktree, p.commit);
    if (result.final.valid && result.final.score !== null) scores.set(seed, result.final.score);
    else invalid.push({ seed, reason: result.final.reason ?? 'no score' });
  }
  return { scores, invalid };
};

/** `count` seeds the run's own evaluations never used, smallest first. */
export const freshSeeds = (used: readonly number[], count: number): number[] => {
  const taken = new Set(used);
  const seeds: number[] = [];
  for (let seed = 1; seeds.length < count; seed++) if (!taken.has(seed)) seeds.push(seed);
  return seeds;
};
