import { resolveApiAccess, type ApiProvider } from '../../agents/api-loop/index.js';
import { findBinary } from '../../agents/cli-common/resolve-binary.js';
import { collectSources } from '../../agents/local/index.js';
import type { AgentBackendName, SwarmConfig } from '../../config/index.js';
import { SwarmError, isSwarmError } from '../../core/domain/errors.js';
import { checkReachable } from '../setup/check-reachable.js';
import { claudeCodeAccess, codexAccess, isSet, type AccessCheck } from '../setup/cli-credentials.js';

type Env = Record<string, string | undefined>;

const URL_VARIABLE: Record<ApiProvider, string> = { anthropic: 'ANTHROPIC_BASE_URL', openai: 'OPENAI_BASE_URL' };

/** A key (or a keyless OpenAI-compatible server) and, for an explicit base URL, a server that answers. */
export const apiAccess = async (provider: ApiProvider, configuredBaseUrl: string | null, env: Env, where: string): Promise<AccessCheck> => {
  let access: { apiKey: string; baseUrl: string | null };
  try {
    access = resolveApiAccess(provider, configuredBaseUrl, env);
  } catch (error) {
    return { ok: false, detail: isSwarmError(error) ? error.message : String(error) };
  }
  const keyVariable = provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
  const keyNote = isSet(env[keyVariable]) ? `${keyVariable} is set` : 'no key needed at a base URL';
  if (access.baseUrl === null) return { ok: true, detail: keyNote };
  const reachable = await checkReachable(access.baseUrl);
  const source = configuredBaseUrl !== null ? where : URL_VARIABLE[provider];
  return reachable.ok
    ? { ok: true, detail: `${keyNote}; ${reachable.detail}` }
    : { ok: false, detail: `${reachable.detail}; start the server or correct ${source}` };
};

/** Whether an agent backend can work at all with this config: a key or a login, a binary, code to mutate. */
export const backendAccess = async (backend: AgentBackendName, config: SwarmConfig, root: string, env: Env): Promise<AccessCheck> => {
  const { agent } = config;
  switch (backend) {
    case 'local': {
      const sources = await collectSources(root);
      return sources.length > 0
        ? { ok: true, detail: `${sources.length} file(s) with EVOLVE-BLOCK regions` }
        : {
            ok: false,
            detail: `no file in ${root} has an EVOLVE-BLOCK region, and the local agent only changes numeric literals and declared string choices inside them; mark the code to evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments and commit it, or choose a model backend (--agent claude-code, codex, anthropic, openai)`,
          };
    }
    case 'claude-code': {
      const login = await claudeCodeAccess(findBinary(agent.claudeCode.binary, env), env);
      const baseUrl = env.ANTHROPIC_BASE_URL;
      if (!login.ok || baseUrl === undefined || !isSet(baseUrl)) return login;
      const reachable = await checkReachable(baseUrl);
      return reachable.ok ? { ok: true, detail: `${login.detail}; ${reachable.detail}` } : { ok: false, detail: `${reachable.detail}; start the server or correct ANTHROPIC_BASE_URL` };
    }
    case 'codex': {
      // A custom model provider's base_url must answer; codex itself would retry it for minutes.
      const login = await codexAccess(agent.codex, findBinary(agent.codex.binary, env), env);
      if (!login.ok || login.baseUrl === undefined) return login;
      const reachable = await checkReachable(login.baseUrl);
      return reachable.ok ? { ok: true, detail: `${login.detail}; ${reachable.detail}` } : { ok: false, detail: `${reachable.detail}; start the server or correct base_url of the model provider in codex's config.toml` };
    }
    case 'anthropic':
    case 'openai':
      return apiAccess(backend, agent.backend === backend ? agent.baseUrl : null, env, 'agent.baseUrl (or --base-url)');
    case 'command': {
      const program = agent.command.argv[0];
      if (program === undefined) return { ok: false, detail: 'agent.command.argv is not configured' };
      const path = findBinary(program, env);
      return path === null ? { ok: false, detail: `agent.command.argv[0] "${program}" is not an executable on PATH` } : { ok: true, detail: `runs ${path}` };
    }
  }
};

/**
 * Run before the baseline is recorded: an agent that cannot authenticate (or a planning model that
 * cannot) is a configuration error with its fix, not a run whose every attempt fails.
 */
export const preflight = async (config: SwarmConfig, root: string, env: Env = process.env): Promise<void> => {
  const problems: string[] = [];
  const agent = await backendAccess(config.agent.backend, config, root, env);
  if (!agent.ok) problems.push(`agent ${config.agent.backend} cannot work: ${agent.detail}`);
  if (config.shepherd.policy === 'llm') {
    const { llm } = config.shepherd;
    const sameApi = config.agent.backend === llm.backend;
    const planner = await apiAccess(llm.backend, llm.baseUrl ?? (sameApi ? config.agent.baseUrl : null), env, 'shepherd.llm.baseUrl');
    if (!planner.ok) problems.push(`the planning model (shepherd.policy "llm", ${llm.backend}) cannot work: ${planner.detail}`);
  }
  if (problems.length > 0) throw new SwarmError('BACKEND_UNAVAILABLE', problems.join('\n'));
};
