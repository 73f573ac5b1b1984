import type { AgentBackendName, SwarmConfig } from '../../config-assembly/index.js';
import type { AgentBackend } from '../../core/ports/index.js';
import type { PoolCandidate } from '../../core/planning/pool-choice.js';
import { createBackend } from './create-backend.js';

type PoolEntryConfig = SwarmConfig['agent']['pool'][number];

/** One entry of `agent.pool`, ready to run: its backend (named by the entry) and the config it runs under. */
export interface PoolMember extends PoolCandidate {
  backendName: AgentBackendName;
  model: string | null;
  /** The run's config with this entry's backend, model and settings in `agent`. */
  config: SwarmConfig;
  /** The entry's backend; its `name` is the entry's, so limits park and breakers count per entry. */
  backend: AgentBackend;
}

/** The run's agent pool (`agent.pool`); null in RunDeps for a run with a single agent. */
export interface AgentPool {
  members: readonly PoolMember[];
  member(name: string): PoolMember | undefined;
}

/** The config one entry runs under: the run's, with the entry's backend, model and own settings in `agent`. */
export const entryConfig = (config: SwarmConfig, entry: PoolEntryConfig): SwarmConfig => ({
  ...config,
  agent: {
    ...config.agent,
    backend: entry.backend,
    model: entry.model,
    ...(entry.baseUrl !== undefined ? { baseUrl: entry.baseUrl } : {}),
    ...(entry.mode !== undefined ? { mode: entry.mode } : {}),
    ...(entry.local !== undefined ? { local: entry.local } : {}),
    ...(entry.claudeCode !== undefined ? { claudeCode: entry.claudeCode } : {}),
    ...(entry.codex !== undefined ? { codex: entry.codex } : {}),
    ...(entry.command !== undefined ? { command: entry.command } : {}),
    ...(entry.api !== undefined ? { api: entry.api } : {}),
    ...(entry.runner !== undefined ? { runner: entry.runner } : {}),
    ...(entry.slurm !== undefined ? { slurm: entry.slurm } : {}),
  },
});

/** Each pool entry's name and config (empty without a pool), for checks that need no backend built. */
export const poolConfigs = (config: SwarmConfig): Array<{ name: string; config: SwarmConfig }> =>
  config.agent.pool.map((entry) => ({ name: entry.name, config: entryConfig(config, entry) }));

/** Builds every entry's backend (each loads its SDK or CLI driver now); null without `agent.pool`. */
export const createAgentPool = async (config: SwarmConfig): Promise<AgentPool | null> => {
  if (config.agent.pool.length === 0) return null;
  const members: PoolMember[] = [];
  for (const entry of config.agent.pool) {
    const own = entryConfig(config, entry);
    const inner = await createBackend(own);
    members.push({
      name: entry.name,
      weight: entry.weight,
      roles: entry.roles,
      backendName: entry.backend,
      model: entry.model,
      config: own,
      backend: { name: entry.name, run: (task, signal) => inner.run(task, signal) },
    });
  }
  const byName = new Map(members.map((m) => [m.name, m]));
  return { members, member: (name) => byName.get(name) };
};

/** The configs the run's agents run under: one per pool entry, else the run's own. */
export const agentConfigs = (config: SwarmConfig): SwarmConfig[] =>
  config.agent.pool.length === 0 ? [config] : poolConfigs(config).map((entry) => entry.config);

/** One line naming the pool's entries, shown when a run starts. */
export const describePool = (config: SwarmConfig): string =>
  `agent.pool (${config.agent.poolPolicy}): ${config.agent.pool
    .map((e) => `${e.name}${e.model !== null && !e.name.includes(e.model) ? ` (${e.model})` : ''} [${e.roles.join(', ')}${config.agent.poolPolicy === 'weight' ? `, weight ${e.weight}` : ''}]`)
    .join(', ')}`;
