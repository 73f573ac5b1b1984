import type { AgentBackendDescriptor } from '../backend-descriptor.js';

/** `local`: the offline mutator of numbers and declared choices inside EVOLVE-BLOCK regions. */
export const localBackend: AgentBackendDescriptor = {
  doc: 'offline mutator of numeric literals and categorical choices in EVOLVE-BLOCK regions; no model, no key',
  configSection: 'local',
  binary: () => null,
  installHint: null,
  pricedByTokens: () => false,
  create: async (config, context) => {
    const { createLocalAgent } = await import('./local-agent.js');
    return createLocalAgent({ ...config.agent.local, evalArgv: context.evalArgv });
  },
  access: async (_config, root) => {
    const { collectSources } = await import('./collect-sources.js');
    const sources = await collectSources(root);
    return sources.length > 0
      ? { ok: true, detail: `${sources.length} file(s) with EVOLVE-BLOCK regions` }
      : {
          ok: false,
          detail: `no file in ${root} has an EVOLVE-BLOCK region, and the local agent only changes numeric literals and declared string choices inside them; mark the code to evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments and commit it, or choose a model backend (--agent claude-code, codex, anthropic, openai)`,
        };
  },
  probe: null,
};
