import { writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { openConfinedDir, removeConfined, type HeldDir } from '../../workspace/confined-fs.js';

/**
 * An attempt's job folder (`<worktree>/.swarm/<role>-job`) held without following a link. The
 * agent works in that worktree (and a parked or resubmitted agent has worked there before the
 * next launch): a `.swarm`, a job folder or a file it replaced with a symlink must not lead the
 * driver's writes and removals out of it. Null when a component is a symlink or not a directory.
 */
export const openJobFolder = async (jobDir: string): Promise<HeldDir | null> =>
  openConfinedDir(dirname(dirname(jobDir)), `${basename(dirname(jobDir))}/${basename(jobDir)}`, { create: true });

/** Why the driver writes nothing into a job folder it cannot hold. */
export const unheldJobFolder = (jobDir: string): string =>
  `the job folder ${jobDir} is a symlink or not a directory (replaced in the worktree): swarm writes nothing through it`;

/** Writes `name` afresh in the held folder: what was there (a symlink too) is removed, the file created exclusively. */
export const writeJobFile = async (dir: HeldDir, name: string, data: string, mode: number): Promise<void> => {
  await removeConfined(dir, name);
  await writeFile(dir.at(name), data, { flag: 'wx', mode });
};
