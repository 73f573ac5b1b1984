import { budgetVerdict, waveBudgetLeft } from '../../core/budget/budget.js';
import { attemptId } from '../../core/domain/ids.js';
import type { WavesOptions } from '../../core/planning/plan-request.js';
import type { AttemptSpec, AttemptView, Budget } from '../../core/domain/types.js';
import { interruptedReason } from './stopped-by.js';
import { storedBudgetState } from './budget-state.js';
import { createPlannedAttempt, runPlannedAttempt, type CreateAttemptDeps, type LaunchDeps } from '../attempt/launch-attempt.js';
import { reportWait, waitForBackend, type GateDeps } from '../attempt/backend-gate.js';
import { planWave, type PlanDeps } from './plan-next.js';
import { populationView } from '../queries/population-view.js';
import { specOf } from './recover.js';
import type { RunState } from '../context/run-context.js';

/** What the async scheduler needs: the intersection of what planning, the backend gate and the attempts it starts need, and the run's cost meter. */
export type AsyncDeps = PlanDeps & GateDeps & CreateAttemptDeps & LaunchDeps & Pick<RunState, 'runCost'>;

/**
 * The generation an attempt started now belongs to: the first `initialExplorers` searchers form
 * generation 1, then every `waveSize` searchers one more, so status and graph keep their waves.
 */
export const generationOf = (searchers: number, initialExplorers: number, waveSize: number): number =>
  searchers < initialExplorers ? 1 : 2 + Math.floor((searchers - initialExplorers) / Math.max(1, waveSize));

/** A promise with its resolver: the scheduler's wake-up when a planning slot frees. */
const wakeUp = (): { promise: Promise<void>; fire: () => void } => {
  let fire = (): void => undefined;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
};

/**
 * Asynchronous scheduling (GitSwarm): no wave barrier. The policy plans ONE attempt at a time from
 * the current state of the population (running attempts included), and it starts at once. Only the
 * agent's turn holds one of `concurrency.agents` slots; planning, preparing, committing and the
 * evaluation do not. So that a slot freed by an ending agent passes at once to an attempt that is
 * already planned and prepared, up to `agents` attempts are kept ready ahead (at most 2 × agents
 * before their agent's end). An attempt whose agent ended waits for an evaluation slot; at most
 * `agents` wait so (beyond it, no new attempt starts: the evaluations are the bottleneck, and a
 * backlog would only hold worktrees). So at most 3 × agents + evaluations worktrees exist.
 * Interrupted attempts of a previous process are started again first.
 */
export const runAsync = async (ctx: AsyncDeps, options: WavesOptions, limits: { budget: Budget; started: number }): Promise<{ stopReason: string }> => {
  const { config, store } = ctx;
  const edges = store.listEdges(ctx.runId);
  const pending = options.replan
    .filter((a) => a.role !== 'baseline')
    .map((a) => ({ wave: a.wave, spec: specOf(a, edges) }))
    .filter((p): p is { wave: number; spec: AttemptSpec } => p.spec !== null);
  if (pending.length > 0) options.report(`re-planning ${pending.length} interrupted attempt(s)`);
  const inFlight = new Set<Promise<void>>();
  const agents = config.concurrency.agents;
  // Attempts before their agent's end, and those after it that wait for an evaluation slot.
  let beforeAgent = 0;
  let beforeEvaluation = 0;
  let freed = wakeUp();
  const draws = new Map<number, number>();
  let stopReason: string | null = null;

  const closeFinishedGenerations = (current: number): void => {
    for (const wave of store.population.wavesToClose(ctx.runId, current)) store.finishWave(ctx.runId, wave);
  };

  for (;;) {
    while (stopReason === null && beforeAgent < 2 * agents && beforeEvaluation - beforeAgent < agents) {
      if (options.drain.aborted || ctx.force.aborted) {
        stopReason = interruptedReason(ctx.force, options.drain);
        break;
      }
      if (!(await waitForBackend(ctx, reportWait(options.report)))) continue;
      const population = populationView(ctx);
      const searchers = population.filter((a) => a.role !== 'baseline').length;
      const generation = generationOf(searchers, config.shepherd.initialExplorers, config.shepherd.waveSize);
      const verdict = budgetVerdict(limits.budget, storedBudgetState(ctx.store, ctx.runId, population, generation - 1, limits.started, ctx.runCost));
      if (verdict.stopReason !== null) {
        stopReason = verdict.stopReason;
        break;
      }
      if (!waveBudgetLeft(limits.budget, generation - 1)) {
        stopReason = `wave budget of ${limits.budget.maxWaves} reached`;
        break;
      }
      const next = pending.shift() ?? (await planOne(ctx, population, options.baselineId, generation, draws));
      if (next === null) {
        if (inFlight.size === 0) stopReason = 'the shepherd planned no further attempts';
        break;
      }
      const record = createPlannedAttempt(ctx, next.wave, next.spec);
      beforeAgent += 1;
      beforeEvaluation += 1;
      const hooks = {
        agentDone: (): void => {
          beforeAgent -= 1;
          freed.fire();
        },
        evaluating: (): void => {
          beforeEvaluation -= 1;
          freed.fire();
        },
      };
      // executeAttempt calls each hook exactly once, also when the attempt ends early.
      const task = runPlannedAttempt(ctx, record, next.spec, options.report, hooks).finally(() => {
        inFlight.delete(task);
        closeFinishedGenerations(generationOf(populationView(ctx).filter((a) => a.role !== 'baseline').length, config.shepherd.initialExplorers, config.shepherd.waveSize));
      });
      inFlight.add(task);
    }
    if (inFlight.size === 0) break;
    freed = wakeUp();
    await Promise.race([...inFlight, freed.promise]);
  }
  closeFinishedGenerations(Number.MAX_SAFE_INTEGER);
  return { stopReason: stopReason ?? 'the shepherd planned no further attempts' };
};

const planOne = async (
  ctx: PlanDeps,
  population: AttemptView[],
  baselineId: string,
  generation: number,
  draws: Map<number, number>,
): Promise<{ wave: number; spec: AttemptSpec } | null> => {
  const draw = draws.get(generation) ?? 0;
  draws.set(generation, draw + 1);
  const plan = await planWave(ctx, { population, baselineId: attemptId(baselineId), wave: generation, maxAttempts: 1, draw });
  const spec = plan.specs[0];
  if (spec === undefined) return null;
  ctx.store.startWave(ctx.runId, generation, ctx.config.shepherd.policy, plan.rationale);
  ctx.store.addEvent(ctx.runId, 'attempt.scheduled', { generation, rationale: plan.rationale, schedule: 'async' });
  return { wave: generation, spec };
};
