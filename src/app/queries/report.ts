import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { withEdgeKinds } from '../../core/views/edge-kinds.js';
import { loadGraphInput } from './graph-input.js';
import { openProjectStore } from '../project/open-project.js';
import { loadReportProvenance } from './report-provenance.js';
import { loadPlotInput } from './plot.js';
import { buildStatusReport } from './status.js';

/**
 * `swarm report`: writes the self-contained HTML report of a run to `output` (default
 * `.swarm/report-<run>.html`), or returns it when `output` is `-`. Returns where it went.
 */
export const writeReport = async (options: { cwd: string; runId?: string; output?: string; now?: Date }): Promise<{ path: string | null; html: string }> => {
  const { store, workspace, paths } = await openProjectStore(options.cwd);
  let inputs;
  try {
    const status = buildStatusReport(store, options.runId);
    const provenance = await loadReportProvenance(store, workspace, status.run.id, status.best?.id ?? null);
    inputs = { status, graph: withEdgeKinds(loadGraphInput(store, status.run.id), null).graph, plots: loadPlotInput(store, status.run.id), swarmDir: paths.swarmDir, provenance };
  } finally {
    store.close();
  }
  const { renderReport } = await import('../../export/report-page.js');
  const html = await renderReport(inputs.status, inputs.graph, inputs.plots, options.now ?? new Date(), inputs.provenance);
  if (options.output === '-') return { path: null, html };
  const path = options.output ?? join(inputs.swarmDir, `report-${inputs.status.run.id}.html`);
  await writeFile(path, html);
  return { path, html };
};
