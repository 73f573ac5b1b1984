import { createRng, deriveSeed } from '../../core/domain/random.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import { choosePoolEntry, type PoolOutcome } from '../../core/planning/pool-choice.js';
import type { WavePlan } from '../../core/planning/plan-request.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { AttemptRecord } from '../../core/ports/records.js';
import type { AgentPool } from '../setup/agent-pool.js';
import { backendClosedUntil } from '../attempt/backend-gate.js';
import { trippedPoolEntries } from './pool-breaker.js';
import type { SwarmConfig } from '../../config-assembly/index.js';

/** Mixed into an attempt's seed for its weighted draw, so the draw is its own stream. */
const POOL_STREAM = 0x9001;

/** What each finished attempt of a pool entry brought (oldest first), and the running ones as pending. */
export const poolOutcomes = (store: Pick<RunStore, 'listAttempts' | 'listEdges'>, runId: string, pool: AgentPool, direction: 'maximize' | 'minimize'): PoolOutcome[] => {
  const attempts = store.listAttempts(runId);
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const firstParent = new Map<string, string>();
  for (const edge of store.listEdges(runId)) if (edge.kind === 'parent' && edge.position === 0) firstParent.set(edge.to, edge.from);
  const sign = direction === 'maximize' ? 1 : -1;
  const outcomes: PoolOutcome[] = [];
  for (const a of attempts) {
    if (a.role === 'baseline' || a.status === 'interrupted' || pool.member(a.backend) === undefined) continue;
    if (a.status === 'running') {
      outcomes.push({ entry: a.backend, improvement: 0, costUsd: 0, pending: true });
      continue;
    }
    outcomes.push({ entry: a.backend, improvement: improvementOf(a, byId.get(firstParent.get(a.id) ?? ''), sign), costUsd: a.usage.costUsd });
  }
  return outcomes;
};

/** How much an attempt improved on its first parent (objective units, positive = better); 0 when it did not. */
const improvementOf = (attempt: AttemptRecord, parent: AttemptRecord | undefined, sign: number): number => {
  if (attempt.status !== 'scored' || attempt.score === null) return 0;
  const base = parent?.status === 'scored' ? parent.score : null;
  return base === null ? 0 : Math.max(0, sign * (attempt.score - base));
};

/** Entries nothing new should start on now: closed by a rate or usage limit, or stopped by their breaker. */
const excludedEntries = (store: RunStore, runId: string, pool: AgentPool, now: number): Set<string> => {
  const excluded = trippedPoolEntries(store, runId);
  for (const m of pool.members) {
    const closed = backendClosedUntil(store, runId, m.name);
    if (closed !== null && closed.until > now) excluded.add(m.name);
  }
  return excluded;
};

/**
 * Gives each planned attempt its pool entry (its `backend`): an optimizer whose parent has a
 * session keeps the parent's entry (it forks that session); every other attempt gets one by
 * `agent.poolPolicy` among the entries that run its role, skipping entries closed by a limit or
 * stopped by their breaker while another is open. The plan's attempts count as pending pulls of
 * the bandit in order, so one wave spreads.
 */
export const assignPoolEntries = (ctx: { config: SwarmConfig; store: RunStore; runId: string; pool: AgentPool }, plan: WavePlan): WavePlan => {
  const { config, store, runId, pool } = ctx;
  const outcomes = poolOutcomes(store, runId, pool, config.objective.direction);
  const excluded = excludedEntries(store, runId, pool, Date.now());
  const specs = plan.specs.map((spec): AttemptSpec => {
    const kept = keptEntry(store, pool, spec, excluded);
    const chosen = kept ?? choosePoolEntry({
      entries: pool.members,
      role: spec.role,
      policy: config.agent.poolPolicy,
      outcomes,
      rng: createRng(deriveSeed(spec.seed, POOL_STREAM)),
      excluded,
    })?.name;
    if (chosen === undefined) return spec;
    outcomes.push({ entry: chosen, improvement: 0, costUsd: 0, pending: true });
    return { ...spec, backend: chosen };
  });
  return { ...plan, specs };
};

/** The parent's entry for an optimizer that can fork the parent's session there, else null. */
const keptEntry = (store: RunStore, pool: AgentPool, spec: AttemptSpec, excluded: ReadonlySet<string>): string | null => {
  const parentId = spec.parents[0];
  if (spec.role !== 'optimizer' || parentId === undefined) return null;
  const parent = store.getAttempt(parentId);
  const member = parent?.session ? pool.member(parent.backend) : undefined;
  return member !== undefined && member.roles.includes('optimizer') && !excluded.has(member.name) ? member.name : null;
};
