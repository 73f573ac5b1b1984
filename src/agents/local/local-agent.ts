import { SwarmError } from '../../core/domain/errors.js';
import type { AgentBackend, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { createRng } from '../../core/domain/random.js';
import { formatScore } from '../../core/domain/score.js';
import { openTranscript, type Transcript } from './agent-records.js';
import { collectSources } from './collect-sources.js';
import type { EvolveSource } from './plan-mutation.js';
import { type InspirationProgram, readInspirations } from './read-inspirations.js';
import { groupConflicts } from './plan-crossover.js';
import { failedOutcome, plural, type RoleContext } from './role-context.js';
import { combineConflicts, runCombiner } from './run-combiner.js';
import { type ExplorerSampling, runExplorer } from './run-explorer.js';
import { runOptimizer } from './run-optimizer.js';

export interface LocalAgentOptions {
  /** Literals an explorer re-randomizes (default 3). */
  explorerMutations?: number;
  /** `mutate` (default): explorers re-randomize explorerMutations literals; `sample`: every site drawn afresh (random sampling). */
  explorerSampling?: ExplorerSampling;
  /** Small steps an optimizer tries (default 4). */
  optimizerSteps?: number;
  /** Relative standard deviation of an optimizer step (default 0.05). */
  stepScale?: number;
  /** The `swarm eval --json` command as argv, run in the worktree; without it optimizers do not evaluate. */
  evalArgv?: string[];
}

const positiveInteger = (name: string, value: number): number => {
  if (!Number.isInteger(value) || value < 1) {
    throw new SwarmError('CONFIG_INVALID', `local agent option ${name} must be a positive integer, got ${value}; fix it in the agent options`);
  }
  return value;
};

/** The optimizer's inspirations, as far as their commits hold the evolved files. */
const readOptimizerInspirations = async (task: AgentTask, sources: readonly EvolveSource[], transcript: Transcript): Promise<InspirationProgram[]> => {
  const refs = task.inspirations ?? [];
  if (refs.length === 0) return [];
  if (task.readFileAt === undefined) {
    await transcript.write(`inspirations skipped: the task gives no reader of their commits (${refs.map((r) => r.attemptId).join(', ')})`);
    return [];
  }
  const reading = await readInspirations(task.readFileAt, refs, sources);
  for (const problem of reading.problems) await transcript.write(`inspiration skipped: ${problem}`);
  if (reading.programs.length > 0) {
    const listed = reading.programs.map((p) => `${p.attemptId} (score ${formatScore(p.score)})`).join(', ');
    await transcript.write(`inspirations: ${listed}; some steps move constants towards those that score better than the program`);
  }
  return reading.programs;
};

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The offline `local` backend: no model, a seeded mutator of numeric literals and categorical
 * choices (strings among alternatives a list literal declares) inside EVOLVE-BLOCK regions.
 * Explorers re-randomize a few constants (or, with `explorerSampling: 'sample'`, draw every site
 * afresh: random sampling); optimizers take small steps (a choice: one site to another alternative) and
 * keep only those that `swarm eval --json` scores better; an optimizer given inspirations makes
 * half of its steps towards their constants instead. On a merge whose files conflicted, the
 * agent first combines the parents' versions literal by literal (uniform crossover).
 */
export const createLocalAgent = (options: LocalAgentOptions = {}): AgentBackend => {
  const explorerMutations = positiveInteger('explorerMutations', options.explorerMutations ?? 3);
  const optimizerSteps = positiveInteger('optimizerSteps', options.optimizerSteps ?? 4);
  const explorerSampling = options.explorerSampling ?? 'mutate';
  const stepScale = options.stepScale ?? 0.05;
  if (!(stepScale > 0) || !Number.isFinite(stepScale)) {
    throw new SwarmError('CONFIG_INVALID', `local agent option stepScale must be a positive number, got ${stepScale}`);
  }
  const evalArgv = options.evalArgv === undefined ? undefined : [...options.evalArgv];

  const run = async (task: AgentTask, signal: AbortSignal): Promise<AgentOutcome> => {
    let transcript: Transcript | undefined;
    try {
      transcript = await openTranscript(task.logDir, `local ${task.role} — ${task.attemptId}`);
      await transcript.write(`seed ${task.seed}; worktree ${task.worktree}`);
      if (signal.aborted) return failedOutcome('aborted', transcript.path);
      const solutionFiles = task.solutionFiles ?? [];
      const sources = await collectSources(task.worktree, solutionFiles);
      if (sources.length === 0) {
        const error = solutionFiles.length > 0
          ? `no file in ${task.worktree} matches task.solutionFiles (${solutionFiles.join(', ')}); correct task.solutionFiles (paths relative to the config's folder)`
          : `no EVOLVE-BLOCK regions found in ${task.worktree}; mark the code to evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments`;
        await transcript.write(error);
        return failedOutcome(error, transcript.path);
      }
      const literalCount = sources.reduce((sum, source) => sum + source.literals.length, 0);
      const choiceCount = sources.reduce((sum, source) => sum + source.choices.length, 0);
      const files = sources.map((source) => source.relPath).join(', ');
      const choices = choiceCount === 0 ? '' : ` and ${plural(choiceCount, 'categorical choice')}`;
      const where = sources.some((source) => source.wholeFile) ? 'the solution files' : 'EVOLVE-BLOCK regions of';
      await transcript.write(`found ${plural(literalCount, 'numeric literal')}${choices} in ${where} ${files}`);
      if (literalCount + choiceCount === 0) {
        const error = `the EVOLVE-BLOCK regions of ${files} hold no numeric literals and no categorical choices; the local agent changes numbers and strings whose alternatives a list in the same region declares (\`# mode: ['fast', 'exact']\` with \`MODE = 'fast'\`), so put the tunable constants inside the regions`;
        await transcript.write(error);
        return failedOutcome(error, transcript.path);
      }
      const context: RoleContext = { task, signal, rng: createRng(task.seed), sources, transcript, stepScale, inspirations: [] };
      // A merge left side copies (`x.from-a7.py`) of conflicted files: combine the parents first.
      const { groups } = groupConflicts(sources);
      if (groups.length > 0 && task.role === 'explorer') return await runCombiner(context, groups);
      if (groups.length > 0) context.sources = (await combineConflicts(context, groups)).sources;
      if (task.role === 'explorer') return await runExplorer(context, explorerMutations, explorerSampling);
      context.inspirations = await readOptimizerInspirations(task, context.sources, transcript);
      return await runOptimizer(context, { steps: optimizerSteps, evalArgv });
    } catch (error) {
      // Unreadable or unwritable worktrees are outcomes of this attempt, not crashes of the run.
      const message = `local agent could not work in ${task.worktree}: ${describeError(error)}`;
      await transcript?.write(message).catch(() => undefined);
      return failedOutcome(message, transcript?.path);
    }
  };
  return { name: 'local', run };
};
