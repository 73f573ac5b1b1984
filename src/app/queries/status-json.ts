import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compareScores } from '../../core/domain/score.js';
import type { AttemptStatus } from '../../core/domain/types.js';
import type { BackendFigures } from '../../core/views/backend-figures.js';
import type { RoleCost } from '../../core/views/cost-by-role.js';
import { nominatedAttempts } from '../../core/views/nominated-attempts.js';
import { RUN_SPACE_EVENT, runSpaceOf } from '../../core/views/run-space.js';
import { backendModelsOf } from '../../core/views/recorded-config.js';
import { bestSummary, runSummary } from '../../core/views/run-summary.js';
import { openStatusJsonReads, type AttemptGroup, type StatusJsonReads, type StatusJsonRun } from '../../store/status-json-reads.js';
import { projectPaths } from '../../workspace/project-layout.js';
import { orphanReason, staleRun } from './stale-run.js';

/**
 * `swarm status --json` as UTF-8 bytes (parts to write in order), built from what the schema keeps as rows are written
 * (issue 29: within 2x of `node -e 0` at 10,000 attempts): the attempts' report texts spliced in as
 * stored, every total summed by SQLite in one scan. It prints the object `buildStatusReport` builds
 * (status.ts), the same keys in the same order; a test holds the two equal on the same stores
 * (sums of dollars to the last bits: SQLite adds them compensated, the full report in row order).
 *
 * Null where this path does not answer and the full report must: no database found above `cwd`, a
 * schema of another version, no such run (the full path names the error), a score that is not a
 * finite number, or what `beyondReach` names (agent jobs, instruction variants, limit waits).
 */
export const statusJsonParts = (options: { cwd: string; runId?: string }): Buffer[] | null => {
  const dbFile = findDatabase(options.cwd);
  if (dbFile === null) return null;
  const reads = openStatusJsonReads(dbFile);
  if (reads === null) return null;
  try {
    const run = reads.run(options.runId);
    if (run === null || reads.beyondReach(run) !== null) return null;
    return report(reads, run);
  } finally {
    reads.close();
  }
};

/** The nearest `.swarm/swarm.db` at or above `cwd`, as `openRunStore` finds it. */
const findDatabase = (cwd: string): string | null => {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = projectPaths(dir).dbFile;
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
};

const ATTEMPT_STATUSES: readonly AttemptStatus[] = ['running', 'scored', 'invalid', 'failed', 'interrupted'];

const report = (reads: StatusJsonReads, run: StatusJsonRun): Buffer[] | null => {
  const { direction } = run.objective;
  const groups = reads.groups(run.id, direction);
  if (groups.some((g) => g.nonFinite > 0)) return null;
  const stale = staleRun(reads, run);
  // Of a stale run, the attempts left running count as interrupted (attempt-rows.ts orphanedRow).
  const statusOf = (g: AttemptGroup): string => (stale !== null && g.status === 'running' ? 'interrupted' : g.status);
  const counts: Record<string, number> = Object.fromEntries(ATTEMPT_STATUSES.map((status) => [status, 0]));
  for (const g of groups) if (g.role !== 'baseline') counts[statusOf(g)] = (counts[statusOf(g)] ?? 0) + g.attempts;
  const baseline = reads.baseline(run.id, stale !== null);
  const baselineScore = baseline?.score ?? null;
  const best = reads.best(run.id, direction);
  const summary = runSummary(run, {
    attempts: ATTEMPT_STATUSES.reduce((sum, status) => (status === 'interrupted' ? sum : sum + (counts[status] ?? 0)), 0),
    evaluations: groups.reduce((sum, g) => sum + g.evaluations, 0),
    stale,
  });
  const heldOut = reads.heldOut(run.id).sort((a, b) => compareScores(direction)(a.score, b.score));
  const nominations = reads.nominations(run.id);
  const scoreOf = new Map(nominations.map((n) => [n.attemptId, n.score]));
  // Keys in the order of buildStatusReport; waves and attempts are JSON from SQLite, spliced as they are.
  const head = [
    `{"run":${JSON.stringify(summary)}`,
    `"baseline":${JSON.stringify(baseline)}`,
    `"best":${JSON.stringify(bestSummary(best, baselineScore))}`,
    '"waves":',
  ].join(',');
  const tail = [
    `,"counts":${JSON.stringify(counts)}`,
    `"costUsd":${JSON.stringify(groups.reduce((sum, g) => sum + g.costUsd, 0))}`,
    `"costByRole":${JSON.stringify(costByRole(groups))}`,
    `"backends":${JSON.stringify(backendsOf(groups, run, (g) => g.role !== 'baseline' && statusOf(g) !== 'interrupted'))}`,
    '"waits":[]',
    `"heldOut":${JSON.stringify(heldOut)}`,
    `"nominations":${JSON.stringify(nominatedAttempts(nominations, (id) => scoreOf.get(id) ?? null))}`,
    `"front":${JSON.stringify(reads.front(run.id))}`,
    `"imports":${JSON.stringify(reads.imports(run.id))}`,
    '"instructions":[]',
    `"space":${JSON.stringify(runSpaceOf(reads.latestEventData(run.id, RUN_SPACE_EVENT)))}}`,
  ].join(',');
  return [
    Buffer.from(head),
    ...reads.wavesJson(run.id, stale !== null),
    Buffer.from(',"attempts":'),
    ...reads.attemptsJson(run.id, stale === null ? null : { reason: orphanReason(stale), lastActivityAt: stale.lastActivityAt }),
    Buffer.from(`${tail}\n`),
  ];
};

/** core/views/cost-by-role.ts `costByRole` from the groups: each role that spent anything, in the order it first did. */
const costByRole = (groups: readonly AttemptGroup[]): RoleCost[] => {
  const byRole = new Map<string, { first: number; costUsd: number }>();
  for (const g of groups) {
    if (g.firstSpentSeq === null) continue;
    const seen = byRole.get(g.role);
    byRole.set(g.role, { first: Math.min(seen?.first ?? Infinity, g.firstSpentSeq), costUsd: (seen?.costUsd ?? 0) + g.spentUsd });
  }
  return [...byRole].sort((a, b) => a[1].first - b[1].first).map(([role, { costUsd }]) => ({ role, costUsd }));
};

/** core/views/backend-figures.ts `backendFigures` from the groups it `counts`: the run's backends first, then the others by first attempt. */
const backendsOf = (groups: readonly AttemptGroup[], run: StatusJsonRun, counts: (g: AttemptGroup) => boolean): BackendFigures[] => {
  const models = backendModelsOf(run.configJson);
  const totals = new Map<string, { first: number; attempts: number; improvements: number; costUsd: number }>();
  for (const g of groups) {
    if (!counts(g)) continue;
    const seen = totals.get(g.backend) ?? { first: Infinity, attempts: 0, improvements: 0, costUsd: 0 };
    totals.set(g.backend, { first: Math.min(seen.first, g.firstSeq), attempts: seen.attempts + g.attempts, improvements: seen.improvements + g.improvements, costUsd: seen.costUsd + g.costUsd });
  }
  const figures = new Map<string, BackendFigures>();
  for (const [name, model] of models) figures.set(name, { name, model, attempts: 0, improvements: 0, costUsd: 0 });
  for (const [name, t] of [...totals].sort((a, b) => a[1].first - b[1].first)) {
    figures.set(name, { name, model: models.get(name) ?? null, attempts: t.attempts, improvements: t.improvements, costUsd: t.costUsd });
  }
  return [...figures.values()];
};
