import { renderGraphAnyFormat, type GraphFormat } from '../../export/index.js';
import { loadGraphInput } from './graph-input.js';
import { openRunStore } from '../setup/open-store.js';

/** `swarm graph`: the evolution tree of a run in the chosen format (text, or PNG bytes). */
export const exportGraph = async (options: { cwd: string; runId?: string; format: GraphFormat }): Promise<string | Buffer> => {
  const store = await openRunStore(options.cwd);
  let input;
  try {
    input = loadGraphInput(store, options.runId);
  } finally {
    store.close();
  }
  return renderGraphAnyFormat(input, options.format);
};
