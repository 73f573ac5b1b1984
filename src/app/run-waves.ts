import { budgetVerdict, waveBudgetLeft } from '../core/budget.js';
import { attemptBranch, attemptId, runId as toRunId, type AttemptId } from '../core/ids.js';
import { bestAttempt } from '../core/population.js';
import { formatScore } from '../core/score.js';
import type { AttemptSpec, AttemptView } from '../core/types.js';
import type { AttemptRecord } from '../store/records.js';
import { parentsByAttempt } from './attempt-rows.js';
import { budgetFrom, budgetState } from './budget-state.js';
import { executeAttempt } from './execute-attempt.js';
import { planWave } from './plan-wave.js';
import { attemptLogDir } from './project-paths.js';
import { specOf } from './recover-run.js';
import type { RunContext } from './run-context.js';

const toView = (a: AttemptRecord, parents: AttemptId[]): AttemptView => ({
  id: attemptId(a.id),
  runId: toRunId(a.runId),
  wave: a.wave,
  role: a.role,
  operator: a.operator,
  backend: a.backend,
  parents,
  status: a.status,
  score: a.score,
  hypothesis: a.hypothesis ?? a.summary,
  createdAt: a.createdAt,
  finishedAt: a.finishedAt,
  costUsd: a.usage.costUsd,
});

/** The population as the policies see it (interrupted attempts are invisible to them). */
export const populationView = (ctx: RunContext): AttemptView[] => {
  const parents = parentsByAttempt(ctx.store.listEdges(ctx.runId));
  return ctx.store
    .listAttempts(ctx.runId)
    .filter((a) => a.status !== 'interrupted')
    .map((a) => toView(a, (parents.get(a.id) ?? []).map(attemptId)));
};

export interface WavesOptions {
  baselineId: string;
  drain: AbortSignal;
  report: (line: string) => void;
  /** Interrupted attempts of a previous process whose slots are planned again first. */
  replan: readonly AttemptRecord[];
}

/** Plans and runs waves until a budget, the policy or a Ctrl-C stops the search. */
export const runWaves = async (ctx: RunContext, options: WavesOptions): Promise<{ stopReason: string }> => {
  const { config, store } = ctx;
  const started = Date.now();
  const budget = budgetFrom(config);
  const best = bestAttempt(populationView(ctx), config.objective.direction);
  ctx.incumbent = best && best.score !== null ? { id: best.id, score: best.score } : null;

  const pendingWave = options.replan.filter((a) => a.role !== 'baseline');
  if (pendingWave.length > 0) {
    const edges = store.listEdges(ctx.runId);
    const wave = Math.max(...pendingWave.map((a) => a.wave));
    const specs = pendingWave.map((a) => specOf(a, edges)).filter((s): s is AttemptSpec => s !== null);
    options.report(`wave ${wave}: re-planning ${specs.length} interrupted attempt(s)`);
    await runWave(ctx, wave, specs, options);
  }

  for (;;) {
    if (options.drain.aborted || ctx.force.aborted) return { stopReason: 'stopped by Ctrl-C; run `swarm run` again to resume' };
    const population = populationView(ctx);
    const lastWave = store.listWaves(ctx.runId).at(-1)?.number ?? 0;
    const verdict = budgetVerdict(budget, budgetState(population, lastWave, started));
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

const runWave = async (ctx: RunContext, wave: number, specs: readonly AttemptSpec[], options: WavesOptions): Promise<void> => {
  const attempts = specs.map((spec) => {
    const record = ctx.store.createAttempt({
      runId: ctx.runId,
      wave,
      role: spec.role,
      operator: spec.operator,
      backend: spec.backend,
      seed: spec.seed,
      context: spec.context,
      parents: spec.parents,
      informedBy: spec.informedBy,
      paths: (id) => ({ branch: attemptBranch(ctx.runId, attemptId(id)), logDir: attemptLogDir(ctx.paths, id) }),
    });
    return { record, spec };
  });
  await Promise.all(
    attempts.map(async ({ record, spec }) => {
      await executeAttempt(ctx, record, spec);
      const done = ctx.store.requireAttempt(record.id);
      const what = done.status === 'scored' ? `${ctx.config.objective.metric} = ${formatScore(done.score)}` : `${done.status}: ${done.reason ?? done.error ?? ''}`;
      const star = ctx.incumbent?.id === done.id ? ' ★ new best' : '';
      options.report(`  ${done.id} ${spec.role} from ${spec.parents.join('+')}: ${what}${star}`);
    }),
  );
  ctx.store.finishWave(ctx.runId, wave);
};
