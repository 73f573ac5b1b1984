import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccessCheck, Env } from '../../agents/access/access-check.js';
import { agentBackend } from '../../agents/registry.js';
import type { AgentBackendName, SwarmConfig } from '../../config-assembly/index.js';

/**
 * One tiny request through a backend (`swarm doctor --probe`), by its registry entry: the CLIs are
 * run in a scratch directory with a one-word prompt and one turn; the API backends send one short
 * message. Null for a backend with nothing to probe.
 */
export const probeBackend = async (backend: AgentBackendName, binaryPath: string | null, config: SwarmConfig, env: Env): Promise<AccessCheck | null> => {
  const { probe } = agentBackend(backend);
  if (probe === null) return null;
  const scratch = mkdtempSync(join(tmpdir(), 'swarm-probe-'));
  try {
    return await probe(config, binaryPath, env, scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

/**
 * A backend's own checks of what would keep its agent from writing a worktree (its descriptor's
 * `writeChecks`), given a fresh directory where the project keeps its worktrees (`.swarm/`, so the
 * probe meets the same file system), else under the system's temporary folder; [] when it has none.
 */
export const writeChecks = async (backend: AgentBackendName, config: SwarmConfig, root: string, env: Env, binaryPath: string | null): Promise<AccessCheck[]> => {
  const checks = agentBackend(backend).writeChecks;
  if (checks === undefined) return [];
  const swarmDir = join(root, '.swarm');
  const scratch = mkdtempSync(join(existsSync(swarmDir) ? swarmDir : tmpdir(), 'swarm-write-probe-'));
  try {
    return await checks(config, { root, env, binaryPath, scratch });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
