import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import { localSettings } from './settings.js';

/** `local`: the offline mutator of numbers and declared choices inside EVOLVE-BLOCK regions. */
export const localBackend: AgentBackendDescriptor<typeof localSettings> = {
  doc: 'offline mutator of numeric literals and categorical choices in EVOLVE-BLOCK regions; no model, no key',
  settings: localSettings,
  // It runs no command an agent would run on a node, so it stays in the driver.
  capabilities: { slurmJob: false, diffMode: false, revisesNearDuplicate: false, offline: true, accessReadsProject: true },
  defaultModel: () => ({ model: null, from: 'no model' }),
  binary: () => null,
  installHint: null,
  pricedByTokens: () => false,
  create: async (config, context) => {
    const { createLocalAgent } = await import('./local-agent.js');
    return createLocalAgent({ ...config.agent.local, evalArgv: context.evalArgv });
  },
  access: async (config, root) => {
    const { collectSources } = await import('./collect-sources.js');
    const { solutionFiles } = config.task;
    const sources = await collectSources(root, solutionFiles);
    if (sources.length === 0 && solutionFiles.length > 0) {
      return { ok: false, detail: `no file in ${root} matches task.solutionFiles (${solutionFiles.join(', ')}); correct the globs (relative to the config's folder) or commit the files` };
    }
    return sources.length > 0
      ? { ok: true, detail: solutionFiles.length > 0 ? `${sources.length} solution file(s) to evolve` : `${sources.length} file(s) with EVOLVE-BLOCK regions` }
      : {
          ok: false,
          detail: `no file in ${root} has an EVOLVE-BLOCK region, and the local agent only changes numeric literals and declared string choices inside them; mark the code to evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments and commit it, or choose a model backend (--agent claude-code, codex, anthropic, openai)`,
        };
  },
  probe: null,
};
