import { attemptId, runId as toRunId, type AttemptId } from '../../core/domain/ids.js';
import type { AttemptView } from '../../core/domain/types.js';
import type { EdgeRecord } from '../../store/records.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { PopulationRow } from '../../core/ports/records.js';
import { parentsByAttempt } from './attempt-rows.js';

const informedByOf = (edges: readonly EdgeRecord[]): Map<string, AttemptId[]> => {
  const sources = new Map<string, AttemptId[]>();
  for (const edge of edges) if (edge.kind === 'informed_by') sources.set(edge.to, [...(sources.get(edge.to) ?? []), attemptId(edge.from)]);
  return sources;
};

/**
 * An attempt's result is the policies' only once recorded: a running one may already carry its
 * stored result (kept for crash recovery, see stored-result.ts), which they must not see yet.
 */
const toView = (a: PopulationRow, parents: AttemptId[], informedBy: AttemptId[]): AttemptView => {
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
    hypothesis: a.hypothesis,
    createdAt: a.createdAt,
    finishedAt: a.finishedAt,
    costUsd: a.costUsd,
    tokens: a.tokens,
    informedBy,
    metrics: recorded ? a.metrics : {},
    instances: a.instances,
    flags: recorded ? a.flags : [],
    diffSize: recorded ? a.diffSize : null,
    codeSignature: recorded ? a.codeSignature : null,
  };
};

/**
 * What one process has read of a run's population. A recorded attempt never changes again (its
 * edges are written with it), so each catch-up reads only the attempts created since and those
 * that were still running: plan time does not grow with the population.
 */
interface PopulationCache {
  views: Map<string, AttemptView>;
  lastSeq: number;
  running: Set<string>;
}

const caches = new WeakMap<RunStore, Map<string, PopulationCache>>();

const cacheOf = (store: RunStore, runId: string): PopulationCache => {
  let runs = caches.get(store);
  if (runs === undefined) {
    runs = new Map();
    caches.set(store, runs);
  }
  let cache = runs.get(runId);
  if (cache === undefined) {
    cache = { views: new Map(), lastSeq: 0, running: new Set() };
    runs.set(runId, cache);
  }
  return cache;
};

/** The population as the policies see it (interrupted attempts are invisible to them), oldest first. */
export const populationView = (ctx: { store: RunStore; runId: string }): AttemptView[] => {
  const cache = cacheOf(ctx.store, ctx.runId);
  const rows = ctx.store.population.rowsSince(ctx.runId, cache.lastSeq, [...cache.running]);
  const fresh = rows.filter((row) => !cache.views.has(row.id)).map((row) => row.id);
  const edges = ctx.store.population.edgesInto(ctx.runId, fresh);
  const parents = parentsByAttempt(edges);
  const informedBy = informedByOf(edges);
  for (const row of rows) {
    cache.lastSeq = Math.max(cache.lastSeq, row.seq);
    cache.running.delete(row.id);
    if (row.status === 'interrupted') {
      cache.views.delete(row.id);
      continue;
    }
    if (row.status === 'running') cache.running.add(row.id);
    const known = cache.views.get(row.id);
    const view = toView(row, known?.parents ?? (parents.get(row.id) ?? []).map(attemptId), known?.informedBy ?? informedBy.get(row.id) ?? []);
    cache.views.set(row.id, view);
  }
  return [...cache.views.values()];
};
