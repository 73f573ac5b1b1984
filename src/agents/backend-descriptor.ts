import type { ConfigWithAgentSection, PluginFunction, SharedConfig } from '../config/config-types.js';
import type { AgentBackend } from '../core/ports/agent-backend.js';
import type { AccessCheck, Env } from './access/access-check.js';
import type { ModelProvider } from './api-loop/model-provider.js';
import type { BackendSettings } from './backend-settings.js';

/** What swarm hands a backend it creates (swarm's own paths, which the agents folder does not know). */
export interface BackendContext {
  /** argv of `swarm eval --json`, for agents that score their work themselves. */
  evalArgv: string[];
  /** argv of `swarm agent-job`, which runs an API agent's loop inside its batch job (agent.runner "slurm"). */
  agentJobArgv: string[];
}

/**
 * One agent backend, as the registry (`agents/registry.ts`) names it: everything swarm needs to
 * know about it outside its own folder. Modules of this kind import nothing heavy: `create`,
 * `access` and `probe` load the implementation when they are called, so the CLI can list the
 * backends without loading an SDK or zod.
 */
/**
 * The config a backend's functions read: the shared settings and its own section (`agent.<key>`,
 * typed from its `settings.ts`); the shared settings alone for a backend without one.
 */
export type BackendConfig<Settings extends BackendSettings | null> =
  [Settings] extends [BackendSettings<infer Key, infer Schema>] ? ConfigWithAgentSection<Key, Schema> : SharedConfig;

export interface AgentBackendDescriptor<Settings extends BackendSettings | null = BackendSettings | null> {
  /** One line for `--agent` help, `swarm doctor` and the docs. */
  doc: string;
  /**
   * Its own section of `agent` in the config (`settings.ts` in its folder; the config schema
   * assembles the sections from the registry), or null: it reads only the shared settings.
   */
  settings: Settings;
  /** What it can do, which the config check, the run loop, pricing and doctor read instead of lists of names. */
  capabilities: BackendCapabilities;
  /** The model it runs when agent.model does not name one, and where that name comes from, for pricing (`swarm doctor`, a dollar budget). */
  defaultModel: PluginFunction<[config: BackendConfig<Settings>, env: Env], DefaultModel>;
  /** The model API it runs on, for a backend on swarm's own tool loop (anthropic, openai); absent for the others. */
  modelProvider?: ModelProvider;
  /** The executable it runs, and the setting naming it; null for a backend built into swarm. */
  binary: PluginFunction<[config: BackendConfig<Settings>], { name: string | null; setting: string } | null>;
  /** How to install the executable, for the message when it is missing. */
  installHint: string | null;
  /** Whether its usage comes in tokens only (then a cost limit needs `agent.prices[model]`). */
  pricedByTokens: PluginFunction<[config: BackendConfig<Settings>], boolean>;
  /** Builds the backend; a missing executable or key is a SwarmError CONFIG_INVALID. */
  create: PluginFunction<[config: BackendConfig<Settings>, context: BackendContext], Promise<AgentBackend>>;
  /** Whether it can work at all here: a key or a login, a binary, code to change (never a secret's value). */
  access: PluginFunction<[config: BackendConfig<Settings>, root: string, env: Env], Promise<AccessCheck>>;
  /** One tiny request through it (`swarm doctor --probe`) in the scratch directory `cwd`; null: nothing to probe. */
  probe: PluginFunction<[config: BackendConfig<Settings>, binaryPath: string | null, env: Env, cwd: string], Promise<AccessCheck | null>> | null;
  /**
   * `swarm doctor`'s checks of what would keep the agent from writing the worktree (its sandbox, its
   * permission settings) and, where the CLI can do it without a model, a file created and removed in
   * the fresh directory `context.scratch` through the agent's own sandbox; each check ok, or the
   * problem and its fix. Absent: nothing to check.
   */
  writeChecks?: PluginFunction<[config: BackendConfig<Settings>, context: WriteCheckContext], Promise<AccessCheck[]>>;
}

/** What a backend's doctor checks of writing get: the project, the environment, its executable and a fresh directory. */
export interface WriteCheckContext {
  root: string;
  env: Env;
  /** The resolved executable, or null when it was not found (or the backend has none). */
  binaryPath: string | null;
  /** An empty directory, removed afterwards, standing in for a fresh worktree. */
  scratch: string;
}

/** What a backend can do beyond running an attempt (see `AgentBackendDescriptor.capabilities`). */
export interface BackendCapabilities {
  /**
   * agent.runner "slurm" can run it as a batch job on a node: it works in its worktree through a
   * process (an agent CLI) or through `swarm agent-job` (an API agent's tool loop).
   */
  slurmJob: boolean;
  /**
   * It reads agent.mode, and "diff" makes it one model call answering with SEARCH/REPLACE blocks:
   * in diff mode it stays in the driver (never a batch job) and an attempt parked by a rate limit
   * starts anew instead of resuming its session.
   */
  diffMode: boolean;
  /** It can continue its session in the same worktree for one more turn (shepherd.novelty sends a near-duplicate back once). */
  revisesNearDuplicate: boolean;
  /** It calls no model: it costs nothing, and `swarm doctor --probe` has nothing to ask it. */
  offline: boolean;
  /** Its access check reads the project's files (outside a project `swarm doctor` reports it as built in). */
  accessReadsProject: boolean;
}

/** The model a backend runs when agent.model is unset; null = the CLI picks it, unknown to swarm. */
export interface DefaultModel {
  model: string | null;
  /** Where the name comes from ("the openai backend's default", "codex's config.toml"). */
  from: string;
}
