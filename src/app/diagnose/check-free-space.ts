import { statfsSync, statSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SwarmConfig } from '../../config-assembly/index.js';
import { formatSpaceBytes } from '../../core/views/run-space.js';
import { nearestExistingSync } from '../../workspace/disk-facts.js';
import { tryGit } from '../../workspace/git-command.js';
import { folderBytes } from '../logs/log-files.js';
import { projectPaths } from '../project/project-paths.js';
import type { Problem } from './explain-failure.js';

/** The bytes of the files git tracks in the checkout at `root`: what a provisioned worktree holds at least. */
const trackedBytes = async (root: string): Promise<number> => {
  const listed = await tryGit(root, ['ls-files', '-z', '--cached']);
  if (listed === null) return 0;
  let sum = 0;
  for (const path of listed.split('\0')) {
    if (path === '') continue;
    const stats = await lstat(join(root, path)).catch(() => null);
    if (stats?.isFile() === true) sum += stats.size;
  }
  return sum;
};

/** The file system of `path` (its device) and the bytes free there to an unprivileged writer (null: cannot be asked). */
const fileSystemOf = (path: string): { device: string; free: number | null } => {
  const at = nearestExistingSync(path);
  try {
    const stats = statfsSync(at);
    return { device: String(statSync(at).dev), free: stats.bavail * stats.bsize };
  } catch {
    return { device: at, free: null };
  }
};

interface Need {
  what: string;
  bytes: number;
}

/**
 * Whether the file systems a run writes have room for what it may need: its logs up to
 * log.maxRunLogBytes and the setup cache where `.swarm` is, a worktree per agent (and the
 * baseline's) where the worktrees are. A warning per file system short of room, with the figures.
 */
export const checkFreeSpace = async (root: string, projectDir: string, config: SwarmConfig): Promise<Problem[]> => {
  const paths = projectPaths(projectDir, config.workspace.dir);
  const worktree = await trackedBytes(root);
  const worktrees = config.concurrency.agents + 1;
  const setupCache = await folderBytes(paths.setupCacheDir).catch(() => 0);
  const needs = new Map<string, { folder: string; free: number | null; needs: Need[] }>();
  const add = (folder: string, need: Need): void => {
    const { device, free } = fileSystemOf(folder);
    const seen = needs.get(device) ?? { folder, free, needs: [] };
    seen.needs.push(need);
    needs.set(device, seen);
  };
  if (config.log.maxRunLogBytes > 0) add(paths.swarmDir, { what: `${formatSpaceBytes(config.log.maxRunLogBytes)} of logs (log.maxRunLogBytes)`, bytes: config.log.maxRunLogBytes });
  if (setupCache > 4096) add(paths.swarmDir, { what: `${formatSpaceBytes(setupCache)} of setup cache (as much again for a changed workspace.setup)`, bytes: setupCache });
  add(paths.worktreesDir, { what: `${worktrees} worktrees (concurrency.agents and the baseline's) × ~${formatSpaceBytes(worktree)} (the tracked files)`, bytes: worktrees * worktree });
  const warnings: Problem[] = [];
  for (const { folder, free, needs: list } of needs.values()) {
    const total = list.reduce((sum, n) => sum + n.bytes, 0);
    if (free === null || free >= total) continue;
    warnings.push({
      problem: `the file system of ${folder} has ${formatSpaceBytes(free)} free, less than a run may need there: ${list.map((n) => n.what).join(' + ')} = ${formatSpaceBytes(total)}`,
      fix: `free space there, lower log.maxRunLogBytes or concurrency.agents${config.workspace.dir === null ? ', or put the worktrees on a larger disk (workspace.dir)' : ''}; a run that fills the disk stops and resumes once space is freed`,
    });
  }
  return warnings;
};
