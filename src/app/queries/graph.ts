import { withEdgeKinds } from '../../core/views/edge-kinds.js';
import type { EdgeKind } from '../../core/domain/types.js';
import { renderGraphAnyFormat, type GraphFormat } from '../../export/index.js';
import { loadGraphInput } from './graph-input.js';
import { openRunStore } from '../project/open-project.js';

const PICTURES: readonly GraphFormat[] = ['svg', 'png', 'html'];

/**
 * `swarm graph`: the evolution tree of a run in the chosen format (text, or PNG bytes), with the
 * edge kinds asked for; without `edges`, data formats keep every edge and pictures leave
 * informed-by out past 20 attempts (`hidden` says which kinds were left out).
 */
export const exportGraph = async (options: { cwd: string; runId?: string; format: GraphFormat; edges?: EdgeKind[] }): Promise<{ output: string | Buffer; hidden: EdgeKind[] }> => {
  const store = await openRunStore(options.cwd);
  let input;
  try {
    input = loadGraphInput(store, options.runId);
  } finally {
    store.close();
  }
  const asked = options.edges ?? (PICTURES.includes(options.format) ? null : ['parent', 'merge', 'informed_by']);
  const { graph, hidden } = withEdgeKinds(input, asked);
  return { output: await renderGraphAnyFormat(graph, options.format), hidden };
};
