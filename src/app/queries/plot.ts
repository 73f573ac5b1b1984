import { isInfeasible } from '../../core/objectives/constraints.js';
import { metricValue } from '../../core/objectives/objectives.js';
import { SwarmError } from '../../core/domain/errors.js';
import type { FrontPlotInput } from '../../export/plot/front-plot.js';
import type { PlotInput } from '../../export/plot/plot-input.js';
import type { RunQueries } from '../../core/ports/index.js';
import { attemptRows } from './attempt-rows.js';
import { openRunStore } from '../project/open-project.js';
import { selectRun } from '../project/select-run.js';

export type PlotFormat = 'svg' | 'png';

/** What the plots of one run draw, read in two queries. */
export const loadPlotInput = (store: RunQueries, runId?: string): PlotInput => {
  const run = selectRun(store, runId);
  return {
    run: { id: run.id, description: run.description, objective: run.objective },
    attempts: attemptRows(store, run.id).rows,
    usage: store.listAttemptUsage(run.id),
  };
};

/**
 * The attempts of a run over two metrics (the primary one by its name): scored attempts that report
 * both, infeasible ones included and marked, the stored Pareto front flagged.
 */
export const loadFrontPlotInput = (store: RunQueries, axes: { x: string; y: string }, runId?: string): FrontPlotInput => {
  const run = selectRun(store, runId);
  const front = new Set(store.front.members(run.id));
  const input: FrontPlotInput = { run: { id: run.id, description: run.description }, x: axes.x, y: axes.y, points: [], missing: 0 };
  for (const a of store.listAttempts(run.id)) {
    if (a.status !== 'scored') continue;
    const x = metricValue(axes.x, run.objective.metric, a.score, a.metrics);
    const y = metricValue(axes.y, run.objective.metric, a.score, a.metrics);
    if (x === null || y === null) input.missing++;
    else input.points.push({ id: a.id, role: a.role, x, y, feasible: !isInfeasible(a.flags), front: front.has(a.id) });
  }
  if (input.points.length === 0 && input.missing > 0) {
    throw new SwarmError('USAGE', `no scored attempt of run ${run.id} reports both ${axes.x} and ${axes.y}; name metrics of the evaluator's JSON (the primary one is "${run.objective.metric}")`);
  }
  return input;
};

/** `swarm plot`: score over attempts, and cost and tokens over time when reported, as SVG or PNG. */
export const exportPlot = async (options: { cwd: string; runId?: string; format: PlotFormat; axes?: { x: string; y: string } }): Promise<string | Buffer> => {
  const store = await openRunStore(options.cwd);
  let input: PlotInput | null = null;
  let front: FrontPlotInput | null = null;
  try {
    if (options.axes) front = loadFrontPlotInput(store, options.axes, options.runId);
    else input = loadPlotInput(store, options.runId);
  } finally {
    store.close();
  }
  const svg = front !== null
    ? (await import('../../export/plot/front-plot.js')).renderFrontPlotSvg(front)
    : input === null ? '' : (await import('../../export/plot/plot-svg.js')).renderPlotSvg(input);
  if (options.format === 'svg') return svg;
  return (await import('../../export/svg-to-png.js')).svgToPng(svg);
};
