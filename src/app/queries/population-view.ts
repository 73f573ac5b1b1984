import { attemptId, runId as toRunId, type AttemptId } from '../../core/ids.js';
import type { AttemptView } from '../../core/types.js';
import type { AttemptRecord, EdgeRecord } from '../../store/records.js';
import { parentsByAttempt } from './attempt-rows.js';
import type { RunContext } from '../run/run-context.js';

const informedByOf = (edges: readonly EdgeRecord[]): Map<string, AttemptId[]> => {
  const sources = new Map<string, AttemptId[]>();
  for (const edge of edges) if (edge.kind === 'informed_by') sources.set(edge.to, [...(sources.get(edge.to) ?? []), attemptId(edge.from)]);
  return sources;
};

/**
 * An attempt's result is the policies' only once recorded: a running one may already carry its
 * stored result (kept for crash recovery, see stored-result.ts), which they must not see yet.
 */
const toView = (a: AttemptRecord, parents: AttemptId[], informedBy: AttemptId[], instances: Record<string, number> | null): AttemptView => {
  const recorded = a.status !== 'running';
  return {
    id: attemptId(a.id),
    runId: toRunId(a.runId),
    wave: a.wave,
    role: a.role,
    operator: a.operator,
    backend: a.backend,
    parents,
    status: a.status,
    score: recorded ? a.score : null,
    hypothesis: a.hypothesis ?? a.summary,
    createdAt: a.createdAt,
    finishedAt: a.finishedAt,
    costUsd: a.usage.costUsd,
    tokens: a.usage.inputTokens + a.usage.outputTokens,
    informedBy,
    metrics: recorded ? a.metrics : {},
    instances,
    flags: recorded ? a.flags : [],
    diffSize: !recorded || a.diff === null ? null : a.diff.insertions + a.diff.deletions,
  };
};

/** Per-instance scores of the attempt's deciding evaluation, when the evaluator reported them. */
const instancesOf = (ctx: RunContext, a: AttemptRecord): Record<string, number> | null => {
  if (a.status !== 'scored') return null;
  const deciding = ctx.store.listEvaluations(a.id).filter((e) => e.kind === 'official' || e.kind === 'baseline').at(-1);
  return deciding?.instances ?? null;
};

/** The population as the policies see it (interrupted attempts are invisible to them). */
export const populationView = (ctx: RunContext): AttemptView[] => {
  const edges = ctx.store.listEdges(ctx.runId);
  const parents = parentsByAttempt(edges);
  const informedBy = informedByOf(edges);
  return ctx.store
    .listAttempts(ctx.runId)
    .filter((a) => a.status !== 'interrupted')
    .map((a) => toView(a, (parents.get(a.id) ?? []).map(attemptId), informedBy.get(a.id) ?? [], instancesOf(ctx, a)));
};
