import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SwarmConfig } from '../../config-assembly/index.js';
import { errnoOf, nearestExisting } from '../../workspace/disk-facts.js';
import { projectPaths } from '../project/project-paths.js';
import type { Problem } from './explain-failure.js';

/** Below this much free space where the worktrees live, doctor warns: agents' writes fail once it is full. */
export const WORKTREE_SPACE_WARNING_BYTES = 1024 * 1024 * 1024;

const MIB = 1024 * 1024;
const formatBytes = (bytes: number): string => (bytes >= 1024 * MIB ? `${(bytes / (1024 * MIB)).toFixed(1)} GiB` : `${(bytes / MIB).toFixed(1)} MiB`);

/**
 * Whether agents could write where their worktrees live (workspace.dir, else `.swarm/worktrees`, or
 * the nearest folder of it that exists yet): a file written and removed there, and its file
 * system's free space. A read-only or unwritable folder is a problem (every attempt would be
 * flagged edit-failed, or could not be made); little space is a warning, since a full disk there
 * fails the agents' writes (ENOSPC) before swarm's own store notices, when the two disks differ.
 */
export const checkWorktreeDisk = async (projectDir: string, config: SwarmConfig): Promise<{ problems: Problem[]; warnings: Problem[] }> => {
  const dir = await nearestExisting(projectPaths(projectDir, config.workspace.dir).worktreesDir);
  const fix = config.workspace.dir === null ? 'make the project folder writable, or set workspace.dir to a writable folder with room' : 'make workspace.dir writable, or point it at a writable folder with room';
  const probe = join(dir, `.swarm-doctor-disk-${process.pid}`);
  try {
    await writeFile(probe, 'swarm doctor\n');
    await rm(probe, { force: true });
  } catch (error) {
    const code = errnoOf(error);
    const why = code === 'EROFS' ? 'is on a read-only file system' : code === 'ENOSPC' || code === 'EDQUOT' ? 'is on a full disk' : 'is not writable';
    return { problems: [{ problem: `the folder where the worktrees live, ${dir}, ${why} (${code ?? String(error)}): no agent could write its worktree`, fix }], warnings: [] };
  }
  try {
    const stats = await statfs(dir);
    const free = stats.bavail * stats.bsize;
    if (free < WORKTREE_SPACE_WARNING_BYTES) {
      return {
        problems: [],
        warnings: [{ problem: `only ${formatBytes(free)} free where the worktrees live (${dir}): once it is full the agents' edits fail (ENOSPC) and attempts are flagged edit-failed`, fix: `free space there, or ${config.workspace.dir === null ? 'set workspace.dir to a folder with room' : 'point workspace.dir at a folder with room'}` }],
      };
    }
  } catch {
    // No free-space figure here: nothing to say.
  }
  return { problems: [], warnings: [] };
};
