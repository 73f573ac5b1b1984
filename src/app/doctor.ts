import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findBinary } from '../agents/cli-common/resolve-binary.js';
import { INSTALL_HINTS } from '../agents/cli-common/create-cli-backend.js';
import { loadConfig, type SwarmConfig } from '../config/index.js';
import { isSwarmError } from '../core/errors.js';

const run = promisify(execFile);

export interface BackendCheck {
  backend: string;
  /** The executable looked for, or null for backends without one. */
  binary: string | null;
  path: string | null;
  version: string | null;
  ok: boolean;
  note: string;
}

export interface DoctorReport {
  node: string;
  git: string | null;
  /** Where the binary names came from: the project's config, or the defaults. */
  config: string;
  backends: BackendCheck[];
  /** API key variables and whether each is set (never their values). */
  keys: Array<{ name: string; present: boolean }>;
}

/** Set and not empty: an empty key is a missing key, as for the backends themselves. */
const isSet = (value: string | undefined): boolean => value !== undefined && value !== '';

const KEY_VARIABLES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'CODEX_HOME', 'GEMINI_API_KEY'];

const versionOf = async (path: string, args: string[]): Promise<string | null> => {
  try {
    const { stdout } = await run(path, args, { timeout: 15_000, env: process.env });
    return stdout.trim().split('\n')[0] ?? null;
  } catch {
    return null;
  }
};

const checkCli = async (backend: string, binary: string, versionArgs: string[], hint: string): Promise<BackendCheck> => {
  const path = findBinary(binary);
  if (path === null) return { backend, binary, path: null, version: null, ok: false, note: `not found; ${hint}` };
  const version = await versionOf(path, versionArgs);
  return { backend, binary, path, version, ok: version !== null, note: version === null ? `${path} did not answer ${versionArgs.join(' ')}` : 'ready' };
};

const projectConfig = async (cwd: string): Promise<{ config: SwarmConfig | null; source: string }> => {
  try {
    const loaded = await loadConfig(cwd);
    return { config: loaded.config, source: loaded.file ?? 'defaults' };
  } catch (error) {
    return { config: null, source: `defaults (${isSwarmError(error) ? error.message.split('\n')[0] : 'no usable .swarmrc.json'})` };
  }
};

/** Checks what the agent backends need on this machine: binaries and versions, key variables, git and node. */
export const runDoctor = async (options: { cwd: string; env?: Record<string, string | undefined> }): Promise<DoctorReport> => {
  const env = options.env ?? process.env;
  const { config, source } = await projectConfig(options.cwd);
  const agent = config?.agent;
  const commandProgram = agent?.command.argv[0];
  const backends = await Promise.all([
    Promise.resolve<BackendCheck>({ backend: 'local', binary: null, path: null, version: null, ok: true, note: 'built in (offline, no model)' }),
    checkCli('claude-code', agent?.claudeCode.binary ?? 'claude', ['--version'], INSTALL_HINTS['claude-code']),
    checkCli('codex', agent?.codex.binary ?? 'codex', ['--version'], INSTALL_HINTS.codex),
    Promise.resolve<BackendCheck>({ backend: 'anthropic', binary: null, path: null, version: null, ok: isSet(env.ANTHROPIC_API_KEY), note: 'built in; needs ANTHROPIC_API_KEY' }),
    Promise.resolve<BackendCheck>({ backend: 'openai', binary: null, path: null, version: null, ok: isSet(env.OPENAI_API_KEY) || isSet(env.OPENAI_BASE_URL), note: 'built in; needs OPENAI_API_KEY or a local OPENAI_BASE_URL' }),
    commandProgram === undefined
      ? Promise.resolve<BackendCheck>({ backend: 'command', binary: null, path: null, version: null, ok: false, note: 'agent.command.argv not configured' })
      : checkCli('command', commandProgram, ['--version'], INSTALL_HINTS.command),
  ]);
  const git = findBinary('git');
  return {
    node: process.version,
    git: git === null ? null : await versionOf(git, ['--version']),
    config: source,
    backends,
    keys: KEY_VARIABLES.map((name) => ({ name, present: isSet(env[name]) })),
  };
};
