import type { AgentOutcome } from '../../core/ports/index.js';
import { type Direction, formatScore, isBetter } from '../../core/domain/score.js';
import { writeFindingsEntry } from './agent-records.js';
import { writeTexts } from './collect-sources.js';
import { evaluateWorktree, type WorktreeScore } from './evaluate-worktree.js';
import { planBorrow } from './plan-borrow.js';
import type { InspirationProgram } from './read-inspirations.js';
import { type EvolveSource, formatChanges, formatLocations, type LiteralChange, type MutationPlan, planMutation } from './plan-mutation.js';
import { completedOutcome, failedOutcome, originalTexts, plural, type RoleContext, withTexts } from './role-context.js';

export interface OptimizerSettings {
  steps: number;
  /** `swarm eval --json` as argv; absent: small unevaluated steps. */
  evalArgv: readonly string[] | undefined;
}

const describeScore = (score: WorktreeScore): string => {
  if (!score.ok) return `eval failed: ${score.reason}`;
  if (!score.valid || score.score === null) return `invalid${score.reason === null ? '' : ` (${score.reason})`}`;
  return formatScore(score.score);
};

/**
 * Optimizer: starts from the parent's recorded score (scoring the parent's program itself when the
 * task carries none), then takes small steps on 1–2 literals, keeping a step only when
 * `swarm eval --json` reports a better score and restoring the files otherwise.
 */
export const runOptimizer = async (context: RoleContext, settings: OptimizerSettings): Promise<AgentOutcome> => {
  const { task, transcript, signal } = context;
  const { evalArgv } = settings;
  const deadline = Date.now() + task.timeoutMs;
  const evaluate = (): Promise<WorktreeScore> =>
    evaluateWorktree({ argv: evalArgv ?? [], cwd: task.worktree, env: task.env, timeoutMs: deadline - Date.now(), signal });
  if (evalArgv === undefined) await transcript.write('no eval command configured: taking small steps without evaluating them (explorer-like)');

  let sources = context.sources;
  let incumbent: number | null = null;
  let direction: Direction = 'maximize';
  const seen: string[] = [];
  const kept: LiteralChange[] = [];
  let start: number | null = null;
  // Choice moves scored and restored since the last improvement: not tried twice on the same program.
  const rejected = new Set<string>();
  // A parent's recorded official score is the run's own verdict on this very program: evaluating
  // it again would spend one of the run's evaluations on nothing new.
  const recorded = evalArgv === undefined ? undefined : task.parentScore;
  if (recorded !== undefined) {
    direction = recorded.direction;
    incumbent = recorded.score;
    start = incumbent;
    const described = recorded.score === null ? 'invalid' : formatScore(recorded.score);
    seen.push(`${described} (start, recorded)`);
    await transcript.write(`parent's recorded score: ${described} (not re-evaluated)`);
  } else if (evalArgv !== undefined) {
    const initial = await evaluate();
    if (initial.ok) direction = initial.direction;
    incumbent = initial.ok && initial.valid ? initial.score : null;
    start = incumbent;
    seen.push(`${describeScore(initial)} (start)`);
    await transcript.write(`evaluated the parent's program: ${describeScore(initial)}`);
  }

  for (let step = 1; step <= settings.steps; step += 1) {
    if (signal.aborted) return aborted(context, `before step ${step}`);
    if (Date.now() >= deadline) {
      await transcript.write(`stopped before step ${step}: the attempt's time budget is spent`);
      break;
    }
    const plan = planFreshStep(context, sources, betterThan(context.inspirations, incumbent, direction), rejected);
    const before = originalTexts(sources, plan.texts);
    await writeTexts(task.worktree, plan.texts);
    const tried = `${plan.from === null ? '' : `from ${plan.from}: `}${formatChanges(plan.changes)}`;
    if (evalArgv === undefined) {
      sources = withTexts(sources, plan.texts);
      kept.push(...plan.changes);
      await transcript.write(`step ${step}: ${tried} (kept, not evaluated)`);
      continue;
    }
    const result = await evaluate();
    if (signal.aborted) {
      await writeTexts(task.worktree, before);
      return aborted(context, `during step ${step} (restored ${tried})`);
    }
    const score = result.ok && result.valid ? result.score : null;
    if (result.ok && isBetter(score, incumbent, result.direction)) {
      direction = result.direction;
      incumbent = score;
      sources = withTexts(sources, plan.texts);
      kept.push(...plan.changes);
      rejected.clear();
      seen.push(`${describeScore(result)} (kept ${tried})`);
      await transcript.write(`step ${step}: tried ${tried}; score ${describeScore(result)}: improved, kept`);
    } else {
      await writeTexts(task.worktree, before);
      const move = choiceMove(sources, plan.changes);
      if (move !== null) rejected.add(move);
      seen.push(`${describeScore(result)} (reverted)`);
      await transcript.write(`step ${step}: tried ${tried}; score ${describeScore(result)}: no gain, restored`);
    }
  }
  return finish(context, { kept, seen, start, incumbent, direction, evaluated: evalArgv !== undefined, steps: settings.steps });
};

/** Share of an optimizer's steps taken towards an inspiration's constants, when it has any. */
const BORROW_CHANCE = 0.5;

/**
 * Inspirations worth moving towards: those that score better than the program as it stands (all of
 * them while its score is unknown). A worse program's constants are not a direction to try.
 */
const betterThan = (inspirations: readonly InspirationProgram[], score: number | null, direction: Direction): InspirationProgram[] =>
  score === null ? [...inspirations] : inspirations.filter((i) => isBetter(i.score, score, direction));

/**
 * One step: with better inspirations, half of the steps move 1–2 constants towards one of theirs
 * (the rng is drawn for that only when there are such inspirations, so plans without them are as
 * before); otherwise, or when no inspiration differs, a small random step.
 */
const planStep = (context: RoleContext, sources: readonly EvolveSource[], inspirations: readonly InspirationProgram[]): MutationPlan & { from: string | null } => {
  if (inspirations.length > 0 && context.rng.next() < BORROW_CHANCE) {
    const borrowed = planBorrow(sources, inspirations, 1 + context.rng.int(2), context.rng);
    if (borrowed !== null) return borrowed;
  }
  return { ...planMutation(sources, 1 + context.rng.int(2), context.rng, { mode: 'step', stepScale: context.stepScale }), from: null };
};

/** Draws of a step that repeat a rejected choice move before another is taken (numbers never repeat one). */
const FRESH_TRIES = 8;

/** `p.py:12 'csv' -> 'json'` when a plan moves exactly one categorical choice, else null. */
const choiceMove = (sources: readonly EvolveSource[], changes: readonly LiteralChange[]): string | null => {
  const [change] = changes;
  if (change === undefined || changes.length !== 1) return null;
  const isChoice = sources.some((s) => s.relPath === change.file && s.choices.some((c) => c.line === change.line && c.text === change.from));
  return isChoice ? `${change.file}:${change.line} ${change.from} -> ${change.to}` : null;
};

/**
 * A step that is not a choice move already rejected on this program: coordinate search over the
 * alternatives tries each at most once between improvements. Plans of numbers are taken as drawn.
 */
const planFreshStep = (
  context: RoleContext,
  sources: readonly EvolveSource[],
  inspirations: readonly InspirationProgram[],
  rejected: ReadonlySet<string>,
): MutationPlan & { from: string | null } => {
  let plan = planStep(context, sources, inspirations);
  for (let tries = 1; tries < FRESH_TRIES; tries += 1) {
    const move = choiceMove(sources, plan.changes);
    if (move === null || !rejected.has(move)) break;
    plan = planStep(context, sources, inspirations);
  }
  return plan;
};

const aborted = async (context: RoleContext, when: string): Promise<AgentOutcome> => {
  await context.transcript.write(`aborted ${when}`);
  return failedOutcome('aborted', context.transcript.path);
};

interface OptimizerTally {
  kept: LiteralChange[];
  seen: string[];
  start: number | null;
  incumbent: number | null;
  direction: Direction;
  evaluated: boolean;
  steps: number;
}

/** Successive steps on one literal collapse into one change from its first to its last text. */
const netChanges = (changes: readonly LiteralChange[]): LiteralChange[] => {
  const byPlace = new Map<string, LiteralChange>();
  for (const change of changes) {
    const place = `${change.file}:${change.line}`;
    const earlier = byPlace.get(place);
    byPlace.set(place, earlier === undefined ? change : { ...earlier, to: change.to });
  }
  return [...byPlace.values()].filter((change) => change.from !== change.to);
};

const finish = async (context: RoleContext, tally: OptimizerTally): Promise<AgentOutcome> => {
  const { task, transcript } = context;
  const kept = netChanges(tally.kept);
  const where = kept.length === 0 ? '' : ` in ${formatLocations(kept)}`;
  const places = [...new Set(kept.map((c) => `${c.file}:${c.line}`))].join(', ');
  const trend = `${formatScore(tally.start)} -> ${formatScore(tally.incumbent)}`;
  const summary = !tally.evaluated
    ? `nudged ${plural(kept.length, 'constant')}${where} in small steps (not evaluated: no eval command)`
    : kept.length === 0
      ? `none of ${plural(tally.steps, 'small step')} improved the parent (score ${formatScore(tally.start)}); program unchanged`
      : `tuned ${plural(kept.length, 'constant')}${where} in small steps, score ${trend} (${tally.direction})`;
  const hypothesis = kept.length === 0
    ? "small steps on the parent's constants improve the score"
    : `small steps on the constants at ${places} improve the score${tally.evaluated ? ` (${trend})` : ''}`;
  await writeFindingsEntry(task.worktree, {
    attemptId: task.attemptId,
    role: task.role,
    hypothesis,
    changes: formatChanges(kept),
    result: tally.evaluated
      ? `scores seen: ${tally.seen.join(', ')}; final ${formatScore(tally.incumbent)}`
      : 'not evaluated by the agent (no eval command); the orchestrator evaluates this attempt',
  });
  await transcript.write(`wrote findings.md entry; done: ${summary}`);
  return completedOutcome(summary, hypothesis, transcript.path);
};
