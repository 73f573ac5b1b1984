import { isSet, type AccessCheck } from '../../agents/access/access-check.js';
import { findBinary } from '../../agents/cli-common/resolve-binary.js';
import { AGENT_BACKEND_NAMES, agentBackend } from '../../agents/registry.js';
import { configSchema, loadConfig, type AgentBackendName, type SwarmConfig } from '../../config-assembly/index.js';
import { isSwarmError } from '../../core/domain/errors.js';
import { runProcess } from '../../process/run-process.js';
import { agentPricing, describePricing, refuseUnpricedDollarBudget, shepherdPricing } from '../setup/agent-prices.js';
import { poolConfigs } from '../setup/agent-pool.js';
import { probeBackend, writeChecks } from '../setup/probe-backend.js';
import { checkProjectSetup, type ProjectReport } from './project-report.js';
import { locateProject } from '../../workspace/locate-project.js';

type Env = Record<string, string | undefined>;

export interface BackendCheck {
  backend: AgentBackendName;
  /** The executable and its version; null for backends built into swarm. */
  binary: { name: string; path: string | null; version: string | null } | null;
  /** A key or a login present (where it was found, never its value), or what is missing and the fix. */
  auth: AccessCheck;
  /** The answer to one tiny request (`--probe`); null when not probed. */
  probe: AccessCheck | null;
  /** The price its spending is counted with (or why it cannot be), and whether the dollar budget can hold. */
  price: AccessCheck;
  /** What would keep the agent from writing a worktree (its sandbox, its permission settings, a write through it), from its descriptor; [] when nothing is checked. */
  writes: AccessCheck[];
  /** Binary found, authentication present, the probe (when sent) answered, and nothing keeps it from writing. */
  ok: boolean;
}

export interface DoctorReport {
  node: string;
  git: string | null;
  /** Where the settings came from: the project's config, or the defaults. */
  config: string;
  /** The backend the project's config chooses. */
  configured: AgentBackendName;
  backends: BackendCheck[];
  /** Each `agent.pool` entry checked under its own backend, model and settings (empty without a pool): the run needs every one. */
  pool: Array<BackendCheck & { name: string }>;
  /** The Shepherd's planning model's price (shepherd.policy "llm"), else null. */
  shepherdPrice: AccessCheck | null;
  /** API key variables and whether each is set (never their values). */
  keys: Array<{ name: string; present: boolean }>;
  /** The project in the working directory: config, committed files, the baseline in a provisioned worktree; null outside a git repository. */
  project: ProjectReport | null;
}

const KEY_VARIABLES = [
  'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_BASE_URL', 'CLAUDE_CODE_OAUTH_TOKEN', 'OPENAI_API_KEY', 'OPENAI_BASE_URL',
  'CODEX_API_KEY', 'CODEX_HOME', 'GEMINI_API_KEY',
];
const SECRET_VARIABLES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN', 'OPENAI_API_KEY', 'CODEX_API_KEY', 'GEMINI_API_KEY'];

const versionOf = async (path: string, args: string[]): Promise<string | null> => {
  const result = await runProcess(path, args, { timeoutMs: 15_000 });
  return result.exitCode === 0 ? (result.stdout.trim().split('\n')[0] ?? null) : null;
};

/** The project folder around `cwd` (the nearest .swarmrc.json up to the checkout's top), or `cwd` outside a repository. */
const projectFolderOf = async (cwd: string): Promise<string> => {
  try {
    return (await locateProject(cwd)).projectDir;
  } catch {
    return cwd;
  }
};

interface ProjectConfig {
  config: SwarmConfig;
  found: boolean;
  source: string;
  file: string | null;
  /** Why no config could be used: each problem of an invalid one (with its dot-path), or the missing file. */
  problems: string[];
}

const projectConfig = async (dir: string): Promise<ProjectConfig> => {
  try {
    const loaded = await loadConfig(dir);
    return { config: loaded.config, found: true, source: loaded.file ?? 'defaults', file: loaded.file, problems: [] };
  } catch (error) {
    // Without a usable project config the defaults stand in for the backend checks.
    const config = configSchema.parse({ evaluator: { command: 'true' } });
    const lines = isSwarmError(error) ? error.message.split('\n') : ['no usable .swarmrc.json'];
    const listed = lines.slice(1).map((line) => line.trim()).filter((line) => line !== '');
    return { config, found: false, source: `defaults (${lines[0] ?? ''})`, file: null, problems: listed.length > 0 ? listed : [lines[0] ?? 'no usable .swarmrc.json'] };
  }
};

/** No secret's value may reach the report, even inside an error message a server sent back. */
const redact = (check: AccessCheck, env: Env): AccessCheck => {
  let detail = check.detail;
  for (const name of SECRET_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value.trim().length >= 4) detail = detail.split(value.trim()).join('[redacted]');
  }
  return { ok: check.ok, detail };
};

const checkBackend = async (backend: AgentBackendName, project: { config: SwarmConfig; found: boolean }, root: string, env: Env, probe: boolean): Promise<BackendCheck> => {
  const { config } = project;
  const descriptor = agentBackend(backend);
  const executable = descriptor.binary(config);
  const name = executable?.name ?? null;
  let binary: BackendCheck['binary'] = null;
  if (name !== null) {
    const path = findBinary(name, env);
    binary = { name, path, version: path === null ? null : await versionOf(path, ['--version']) };
  }
  if (executable !== null && name === null) {
    return { backend, binary: null, auth: { ok: false, detail: `${executable.setting} is not configured` }, probe: null, price: priceCheck(config, backend, env), writes: [], ok: false };
  }
  if (binary !== null && binary.path === null) {
    return { backend, binary, auth: { ok: false, detail: `not checked: ${binary.name} not found; ${descriptor.installHint ?? `install ${binary.name}`}` }, probe: null, price: priceCheck(config, backend, env), writes: [], ok: false };
  }
  // A backend whose access check reads the project's files (the local agent) is checked only inside a project.
  const auth = descriptor.capabilities.accessReadsProject && !project.found
    ? { ok: true, detail: 'built in (offline, no model)' }
    : redact(await descriptor.access(config, root, env), env);
  const answered = probe && auth.ok ? await probeBackend(backend, binary?.path ?? null, config, env) : null;
  const probed = answered === null ? null : redact(answered, env);
  const binaryOk = binary === null || binary.version !== null;
  const writes = (await writeChecks(backend, config, root, env, binary?.path ?? null)).map((check) => redact(check, env));
  const writable = writes.every((check) => check.ok);
  return { backend, binary, auth, probe: probed, price: priceCheck(config, backend, env), writes, ok: binaryOk && auth.ok && (probed === null || probed.ok) && writable };
};

/** The price line of a backend: not ok when the project's dollar budget could not be enforced with it. */
const priceCheck = (config: SwarmConfig, backend: AgentBackendName, env: Env): AccessCheck => {
  const detail = describePricing(agentPricing(config, backend, env));
  try {
    refuseUnpricedDollarBudget({ ...config, shepherd: { ...config.shepherd, policy: 'rules' } }, backend, env);
    return { ok: true, detail };
  } catch {
    return { ok: false, detail: `${detail}; the configured dollar budget would be refused` };
  }
};

const shepherdPriceCheck = (config: SwarmConfig): AccessCheck | null => {
  const pricing = shepherdPricing(config);
  return pricing === null ? null : { ok: pricing.price !== null, detail: describePricing(pricing) };
};

/**
 * `swarm doctor`: for every backend, whether its binary is there (and its version), whether it can
 * authenticate, and with `probe` whether it answers one tiny request; plus git, node and the key
 * variables set (names only); and in a project, whether a run would work: the config's problems
 * (each with its dot-path), uncommitted evaluator, program or config, an unprotected evaluator,
 * and the committed baseline evaluated exactly as an attempt will be (see checkBaseline).
 */
export const runDoctor = async (options: { cwd: string; env?: Env; probe?: boolean; baseline?: boolean; progress?: (line: string) => void }): Promise<DoctorReport> => {
  const env = options.env ?? process.env;
  const folder = await projectFolderOf(options.cwd);
  const project = await projectConfig(folder);
  const backends: BackendCheck[] = [];
  for (const backend of AGENT_BACKEND_NAMES) backends.push(await checkBackend(backend, project, folder, env, options.probe ?? false));
  const pool: DoctorReport['pool'] = [];
  for (const entry of poolConfigs(project.config)) {
    const check = await checkBackend(entry.config.agent.backend, { config: entry.config, found: project.found }, folder, env, options.probe ?? false);
    pool.push({ name: entry.name, ...check });
  }
  const git = findBinary('git', env);
  return {
    node: process.version,
    git: git === null ? null : await versionOf(git, ['--version']),
    config: project.source,
    configured: project.config.agent.backend,
    backends,
    pool,
    shepherdPrice: shepherdPriceCheck(project.config),
    keys: KEY_VARIABLES.map((name) => ({ name, present: isSet(env[name]) })),
    project: await checkProjectSetup(folder, project, options.baseline ?? true, options.progress),
  };
};
