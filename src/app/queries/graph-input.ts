import { z } from 'zod';
import { crownable } from '../../core/domain/crowning.js';
import type { AttemptRow, GraphInput } from '../../core/views/report.js';
import { compareScores } from '../../core/domain/score.js';
import { assignIslands } from '../../core/planning/policies/program-database.js';
import type { RunRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';
import { attemptRows } from './attempt-rows.js';
import { selectRun } from '../project/select-run.js';
import { parseStoredOverrides } from '../../config/stored-overrides.js';

// Only what the graph needs of the stored config: the policy and the island count.
const storedShepherd = z.object({
  shepherd: z.object({ policy: z.string(), evolve: z.object({ islands: z.number().int().positive() }).partial() }).partial(),
}).partial();

/** The island count of an `evolve` run (its `--policy` flag wins over its config); null for any other policy. */
const evolveIslands = (run: RunRecord): number | null => {
  let shepherd: z.infer<typeof storedShepherd>['shepherd'];
  try {
    const parsed = storedShepherd.safeParse(JSON.parse(run.configJson));
    if (!parsed.success) return null;
    shepherd = parsed.data.shepherd;
  } catch {
    return null;
  }
  const policy = parseStoredOverrides(run.overridesJson).policy ?? shepherd?.policy;
  return policy === 'evolve' ? (shepherd?.evolve?.islands ?? 3) : null;
};

/**
 * The island of each attempt as the evolve policy assigns it: over the population it sees
 * (interrupted attempts are invisible to it, so they have none), in creation order.
 */
const islandsOf = (rows: readonly AttemptRow[], count: number): Record<string, number> =>
  Object.fromEntries(assignIslands(rows.filter((row) => row.status !== 'interrupted'), count));

/** The attempt graph of one run (the latest when `runId` is absent) as the exports take it. */
export const loadGraphInput = (store: RunQueries, runId?: string): GraphInput => {
  const run = selectRun(store, runId);
  const { rows, edges } = attemptRows(store, run.id);
  const best = rows.filter((r) => r.status === 'scored' && crownable(r.flags)).sort((a, b) => compareScores(run.objective.direction)(a.score, b.score))[0] ?? null;
  const islandCount = evolveIslands(run);
  return {
    run: { id: run.id, description: run.description, objective: run.objective },
    nodes: rows,
    edges: edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind })),
    bestId: best?.id ?? null,
    front: store.front.members(run.id),
    ...(islandCount === null ? {} : { islands: islandsOf(rows, islandCount) }),
  };
};
