import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccessCheck, Env } from '../../agents/access/access-check.js';
import { writeCauseAt } from '../../agents/cli-common/unlanded-writes.js';
import { agentBackend } from '../../agents/registry.js';
import type { AgentBackendName, SwarmConfig } from '../../config-assembly/index.js';
import { projectPaths } from '../project/project-paths.js';

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
 * `writeChecks`), given a fresh directory where the project keeps its worktrees (workspace.dir, or
 * `.swarm/`, so the probe meets the same file system), else under the system's temporary folder; [] when it has none.
 */
export const writeChecks = async (backend: AgentBackendName, config: SwarmConfig, root: string, env: Env, binaryPath: string | null): Promise<AccessCheck[]> => {
  const checks = agentBackend(backend).writeChecks;
  if (checks === undefined) return [];
  const { swarmDir, worktreesDir } = projectPaths(root, config.workspace.dir);
  // workspace.dir: the worktrees' own folder, made as a run makes it; else `.swarm/` once there is one.
  const parent = config.workspace.dir !== null ? worktreesDir : existsSync(swarmDir) ? swarmDir : tmpdir();
  let scratch: string;
  try {
    if (config.workspace.dir !== null) mkdirSync(worktreesDir, { recursive: true });
    scratch = mkdtempSync(join(parent, 'swarm-write-probe-'));
  } catch (error) {
    // A recursive mkdir on a read-only file system says ENOENT: look at the folder that exists for the cause.
    const message = (await writeCauseAt(parent)) ?? (error instanceof Error ? error.message : String(error));
    return [{ ok: false, detail: `cannot create a directory where the worktrees live (${parent}): ${message}; no agent could write a worktree there: make it writable or free space there, or set workspace.dir to a folder that is` }];
  }
  try {
    return await checks(config, { root, env, binaryPath, scratch });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
