import { budgetVerdict, waveBudgetLeft } from '../../core/budget/budget.js';
import { attemptId } from '../../core/domain/ids.js';
import { bestAttempt } from '../../core/domain/population.js';
import type { WavesOptions } from '../../core/planning/plan-request.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import { interruptedReason } from './stopped-by.js';
import { budgetFrom, storedBudgetState } from './budget-state.js';
import { createPlannedAttempt, runPlannedAttempt, type CreateAttemptDeps, type LaunchDeps } from '../attempt/launch-attempt.js';
import { reportWait, waitForBackend, type GateDeps } from '../attempt/backend-gate.js';
import { planWave, type PlanDeps } from './plan-next.js';
import { populationView } from '../queries/population-view.js';
import { runAsync, type AsyncDeps } from './schedule-async.js';
import { specOf } from './recover.js';

/** What one wave needs: recording and running its attempts. */
type WaveDeps = CreateAttemptDeps & LaunchDeps;

/** What the wave scheduler needs: what the async one needs (it hands over to it), and planning, the gate and its own waves. */
export type WavesDeps = AsyncDeps & PlanDeps & GateDeps & WaveDeps;

/** Plans and runs waves until a budget, the policy or a Ctrl-C stops the search. */
export const runWaves = async (ctx: WavesDeps, options: WavesOptions): Promise<{ stopReason: string }> => {
  const { config, store } = ctx;
  const started = Date.now();
  const budget = budgetFrom(config);
  const best = bestAttempt(populationView(ctx), config.objective.direction);
  ctx.incumbent = best && best.score !== null ? { id: best.id, score: best.score } : null;

  if (config.shepherd.schedule === 'async') return runAsync(ctx, options, { budget, started });
  if (config.shepherd.waveSize < config.concurrency.agents) {
    const { waveSize } = config.shepherd;
    options.report(`waves of ${waveSize} keep at most ${waveSize} of ${config.concurrency.agents} agents busy; raise shepherd.waveSize or use shepherd.schedule "async"`);
  }

  const pendingWave = options.replan.filter((a) => a.role !== 'baseline');
  // Slots re-planned after a crash obey the budget like any other (a raised or lowered budget included).
  const verdict = budgetVerdict(budget, storedBudgetState(store, ctx.runId, populationView(ctx), store.listWaves(ctx.runId).at(-1)?.number ?? 0, started, ctx.runCost));
  const replanned = pendingWave.slice(0, verdict.slots);
  if (replanned.length > 0 && !options.drain.aborted && !ctx.force.aborted) {
    const edges = store.listEdges(ctx.runId);
    const wave = Math.max(...replanned.map((a) => a.wave));
    const specs = replanned.map((a) => specOf(a, edges)).filter((s): s is AttemptSpec => s !== null);
    options.report(`wave ${wave}: re-planning ${specs.length} interrupted attempt(s)`);
    await runWave(ctx, wave, specs, options);
  }

  for (;;) {
    if (options.drain.aborted || ctx.force.aborted) return { stopReason: interruptedReason(ctx.force, options.drain) };
    if (!(await waitForBackend(ctx, reportWait(options.report)))) continue;
    const population = populationView(ctx);
    const lastWave = store.listWaves(ctx.runId).at(-1)?.number ?? 0;
    const verdict = budgetVerdict(budget, storedBudgetState(store, ctx.runId, population, lastWave, started, ctx.runCost));
    if (verdict.stopReason !== null) return { stopReason: verdict.stopReason };
    if (!waveBudgetLeft(budget, lastWave)) return { stopReason: `wave budget of ${budget.maxWaves} reached` };
    const wave = lastWave + 1;
    const plan = await planWave(ctx, { population, baselineId: attemptId(options.baselineId), wave, maxAttempts: verdict.slots });
    if (plan.specs.length === 0) return { stopReason: 'the shepherd planned no further attempts' };
    store.startWave(ctx.runId, wave, config.shepherd.policy, plan.rationale);
    store.addEvent(ctx.runId, 'wave.planned', { wave, rationale: plan.rationale, size: plan.specs.length });
    options.report(`wave ${wave}: ${plan.rationale}`);
    await runWave(ctx, wave, plan.specs, options);
  }
};

const runWave = async (ctx: WaveDeps, wave: number, specs: readonly AttemptSpec[], options: WavesOptions): Promise<void> => {
  const attempts = specs.map((spec) => ({ record: createPlannedAttempt(ctx, wave, spec), spec }));
  await Promise.all(attempts.map(({ record, spec }) => runPlannedAttempt(ctx, record, spec, options.report)));
  ctx.store.finishWave(ctx.runId, wave);
};
