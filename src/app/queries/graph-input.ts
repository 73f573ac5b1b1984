import type { GraphInput } from '../../core/views/report.js';
import { compareScores } from '../../core/domain/score.js';
import type { RunQueries } from '../../core/ports/index.js';
import { attemptRows } from './attempt-rows.js';
import { selectRun } from '../setup/open-store.js';

/** The attempt graph of one run (the latest when `runId` is absent) as the exports take it. */
export const loadGraphInput = (store: RunQueries, runId?: string): GraphInput => {
  const run = selectRun(store, runId);
  const { rows, edges } = attemptRows(store, run.id);
  const best = rows.filter((r) => r.status === 'scored').sort((a, b) => compareScores(run.objective.direction)(a.score, b.score))[0] ?? null;
  return {
    run: { id: run.id, description: run.description, objective: run.objective },
    nodes: rows,
    edges: edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind })),
    bestId: best?.id ?? null,
    front: store.front.members(run.id),
  };
};
