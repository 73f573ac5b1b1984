import type { GraphInput } from '../core/report.js';
import { compareScores } from '../core/score.js';
import { renderGraph, type GraphFormat } from '../export/index.js';
import { attemptRows } from './attempt-rows.js';
import { openRunStore, selectRun } from './open-store.js';

/** `swarm graph`: the evolution tree of a run in the chosen format. */
export const exportGraph = async (options: { cwd: string; runId?: string; format: GraphFormat }): Promise<string> => {
  const store = await openRunStore(options.cwd);
  try {
    const run = selectRun(store, options.runId);
    const { rows, edges } = attemptRows(store, run.id);
    const best = rows.filter((r) => r.status === 'scored').sort((a, b) => compareScores(run.objective.direction)(a.score, b.score))[0] ?? null;
    const input: GraphInput = {
      run: { id: run.id, description: run.description, objective: run.objective },
      nodes: rows,
      edges: edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind })),
      bestId: best?.id ?? null,
    };
    return renderGraph(input, options.format);
  } finally {
    store.close();
  }
};
