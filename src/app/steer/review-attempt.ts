import { sandboxLinkMounts } from '../evaluation/link-targets.js';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { evaluationStages } from '../../config-assembly/index.js';
import { SwarmError } from '../../core/domain/errors.js';
import { meanInterval, pairedGain, withinNoise, type MeanInterval } from '../../core/evaluation/seed-statistics.js';
import type { Direction } from '../../core/domain/score.js';
import { findingsPathIn } from '../../workspace/findings-path.js';
import { referenceFromCommit } from '../../workspace/protected-files.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { evaluateProgram, freshSeeds, type ProgramEvaluation, type SeededScores } from '../evaluation/evaluate-program.js';
import { openProjectStore } from '../project/open-project.js';
import { runnerLocks } from '../project/project-paths.js';
import { attemptLineage, type LineageStep } from './review-lineage.js';

export interface ReviewedStep {
  attempt: string;
  role: string;
  parent: string | null;
  merged: string[];
  description: string | null;
  commit: string;
  recordedScore: number | null;
  /** This step's program over the review seeds. */
  score: MeanInterval;
  invalid: SeededScores['invalid'];
  /** Over its parent on the lineage (paired by seed); null for the baseline. */
  gain: MeanInterval | null;
  /** Leave-one-out: the final program against the final program with this step reverted. */
  ablation:
    | { status: 'measured'; commit: string; score: MeanInterval; contribution: MeanInterval; withinNoise: boolean }
    /** `log`: the file holding git's own output of the revert (the review prints only its own lines). */
    | { status: 'conflict'; files: string[]; detail: string; log: string }
    | { status: 'empty' }
    | null;
}

export interface ReviewReport {
  run: string;
  attempt: string;
  metric: string;
  direction: Direction;
  seeds: number[];
  steps: ReviewedStep[];
  interrupted: boolean;
}

interface Program {
  attemptId: string;
  commit: string;
  worktree: string;
  label: string;
}

/**
 * `swarm review <attempt>`: re-measures every program on the attempt's lineage with fresh seeds,
 * then the final program with each step's diff taken back in turn (leave-one-out), on the
 * configured runner with the run's protected files guarded. Every evaluation is stored as kind
 * "review"; the scratch worktrees under .swarm/review/ are removed afterwards.
 */
export const reviewAttempt = async (options: { cwd: string; attempt: string; seeds: number; configFile?: string; signal: AbortSignal }): Promise<ReviewReport> => {
  if (options.seeds < 2) throw new SwarmError('USAGE', `--seeds ${options.seeds} gives no interval; use 2 or more (default 5)`);
  const { project, store, paths, workspace } = await openProjectStore(options.cwd, options.configFile);
  try {
    const { config } = await project.config();
    await workspace.ensureExcluded();
    const lineage = attemptLineage(store, options.attempt);
    const final = lineage.at(-1);
    if (final === undefined) throw new Error('a lineage always holds its own attempt');
    const target = store.requireAttempt(final.attempt);
    const run = store.requireRun(target.runId);
    const seeds = freshSeeds(store.reports.evaluationSeeds(run.id), options.seeds);
    const ev: ProgramEvaluation = {
      store,
      workspace,
      runner: await createEvaluatorRunner(config, runnerLocks(paths, config.concurrency.evaluations, sandboxLinkMounts(config, paths.root))),
      config,
      runId: run.id,
      protection: config.evaluator.protect.length === 0 ? null : await referenceFromCommit(workspace.root, run.baseCommit, config.evaluator.protect, workspace.subdir),
      signal: options.signal,
    };
    const stamp = `review-${Date.now()}-${process.pid}`;
    const scratch = join(paths.swarmDir, 'review', stamp);
    const logDir = join(paths.logsDir, final.attempt, stamp);
    await mkdir(scratch, { recursive: true });
    const programs: Program[] = [];
    try {
      const stepPrograms = lineage.map((step) => ({ attemptId: step.attempt, commit: step.commit, worktree: join(scratch, step.attempt), label: step.attempt }));
      for (const program of stepPrograms) {
        await workspace.addDetachedWorktree(program.worktree, program.commit);
        programs.push(program);
      }
      const ablations = new Map<string, Exclude<ReviewedStep['ablation'], null | { status: 'measured' }> | Program>();
      for (const step of lineage) {
        if (step.from === null) continue;
        const worktree = join(scratch, `without-${step.attempt}`);
        await workspace.addDetachedWorktree(worktree, final.commit);
        programs.push({ attemptId: final.attempt, commit: final.commit, worktree, label: `without-${step.attempt}` });
        const reverted = await workspace.revertStep(worktree, { from: step.from, to: step.commit }, [findingsPathIn(workspace.subdir)]);
        if (reverted.kind === 'empty') {
          ablations.set(step.attempt, { status: 'empty' });
          continue;
        }
        if (reverted.kind === 'conflict') {
          // git's words go to the review's log, not the screen: the files are already in review's own line.
          const log = join(logDir, `without-${step.attempt}.git-apply.log`);
          await mkdir(logDir, { recursive: true });
          await writeFile(log, `${reverted.detail}\n`);
          ablations.set(step.attempt, { status: 'conflict', files: reverted.files, detail: reverted.detail, log });
          continue;
        }
        const { commit } = await workspace.commitAll(worktree, { subject: `swarm review: ${final.attempt} without ${step.attempt}`, trailers: { 'Swarm-Review': final.attempt } });
        ablations.set(step.attempt, { attemptId: final.attempt, commit, worktree, label: `without-${step.attempt}` });
      }
      const stages = evaluationStages(config.evaluator);
      const queue = new PQueue({ concurrency: config.concurrency.evaluations });
      const measure = (program: Program): Promise<SeededScores> =>
        queue.add(() => evaluateProgram(ev, { ...program, logDir: join(logDir, program.label), stages, seeds, kind: 'review' }));
      const stepScores = await Promise.all(stepPrograms.map(measure));
      const ablationScores = new Map<string, SeededScores>();
      await Promise.all([...ablations].flatMap(([id, a]) => ('worktree' in a ? [measure(a).then((s) => ablationScores.set(id, s))] : [])));
      const finalScores = stepScores.at(-1)?.scores ?? new Map<number, number>();
      const steps = lineage.map((step, index): ReviewedStep => {
        const own = stepScores[index] ?? { scores: new Map<number, number>(), invalid: [] };
        const previous = index === 0 ? null : stepScores[index - 1];
        const ablation = ablations.get(step.attempt);
        return {
          ...describeStep(step),
          score: meanInterval([...own.scores.values()]),
          invalid: own.invalid,
          gain: previous === null || previous === undefined ? null : pairedGain(own.scores, previous.scores, config.objective.direction),
          ablation: ablation === undefined ? null : 'worktree' in ablation ? measured(ablation.commit, finalScores, ablationScores.get(step.attempt), config.objective.direction) : ablation,
        };
      });
      return { run: run.id, attempt: final.attempt, metric: config.objective.metric, direction: config.objective.direction, seeds, steps, interrupted: options.signal.aborted };
    } finally {
      for (const program of programs) await workspace.removeWorktree(program.worktree).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    }
  } finally {
    store.close();
  }
};

const describeStep = (step: LineageStep): Pick<ReviewedStep, 'attempt' | 'role' | 'parent' | 'merged' | 'description' | 'commit' | 'recordedScore'> => ({
  attempt: step.attempt,
  role: step.role,
  parent: step.parent,
  merged: step.merged,
  description: step.description,
  commit: step.commit,
  recordedScore: step.recordedScore,
});

const measured = (commit: string, finalScores: Map<number, number>, ablated: SeededScores | undefined, direction: Direction): ReviewedStep['ablation'] => {
  const scores = ablated?.scores ?? new Map<number, number>();
  const contribution = pairedGain(finalScores, scores, direction);
  return { status: 'measured', commit, score: meanInterval([...scores.values()]), contribution, withinNoise: withinNoise(contribution) };
};
