import type { PlotInput } from '../../export/plot/plot-input.js';
import type { SwarmStore } from '../../store/swarm-store.js';
import { attemptRows } from './attempt-rows.js';
import { openRunStore, selectRun } from '../setup/open-store.js';

export type PlotFormat = 'svg' | 'png';

/** What the plots of one run draw, read in two queries. */
export const loadPlotInput = (store: SwarmStore, runId?: string): PlotInput => {
  const run = selectRun(store, runId);
  return {
    run: { id: run.id, description: run.description, objective: run.objective },
    attempts: attemptRows(store, run.id).rows,
    usage: store.listAttemptUsage(run.id),
  };
};

/** `swarm plot`: score over attempts, and cost and tokens over time when reported, as SVG or PNG. */
export const exportPlot = async (options: { cwd: string; runId?: string; format: PlotFormat }): Promise<string | Buffer> => {
  const store = await openRunStore(options.cwd);
  let input: PlotInput;
  try {
    input = loadPlotInput(store, options.runId);
  } finally {
    store.close();
  }
  const { renderPlotSvg } = await import('../../export/plot/plot-svg.js');
  const svg = renderPlotSvg(input);
  if (options.format === 'svg') return svg;
  return (await import('../../export/svg-to-png.js')).svgToPng(svg);
};
