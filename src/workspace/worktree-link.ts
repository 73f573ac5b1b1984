import { readdir, readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { HeldDir, readBounded, removeConfined } from './confined-fs.js';

/** The administrative directory (`<gitDir>/worktrees/<name>`) whose `gitdir` file names `worktree`, or null. */
export const adminDirFor = async (gitDir: string, worktree: string): Promise<string | null> => {
  const admins = join(gitDir, 'worktrees');
  const expected = join(await resolved(worktree), '.git');
  for (const name of await readdir(admins).catch(() => [])) {
    const back = (await readFile(join(admins, name, 'gitdir'), 'utf8').catch(() => '')).trim();
    if (back !== '' && (back === expected || join(await resolved(dirname(back)), '.git') === expected)) return join(admins, name);
  }
  return null;
};

const resolved = (path: string): Promise<string> => realpath(path).catch(() => path);

/**
 * Puts back what ties a linked worktree to its branch before swarm runs git in it for a commit:
 * the worktree's `.git` file (an agent may point it at the main repository, so that git would
 * stage and commit into the user's index and branch) is rewritten to name its own administrative
 * directory, and its HEAD to name `branch` again. Returns what had to be put back.
 */
export const reclaimWorktreeLink = async (gitDir: string, worktree: string, branch: string): Promise<string[]> => {
  const restored: string[] = [];
  const admin = await adminDirFor(gitDir, worktree);
  if (admin === null) throw new SwarmError('GIT_FAILED', `the worktree ${worktree} is no longer registered with git (its agent removed or moved it); swarm does not commit there`);
  const link = `gitdir: ${admin}`;
  const file = await readBounded(join(worktree, '.git'), 4096);
  const named = file.ok ? /^gitdir: (.+)$/.exec(file.bytes.toString('utf8').trim())?.[1] : undefined;
  if (named === undefined || (await resolved(isAbsolute(named) ? named : join(worktree, named))) !== (await resolved(admin))) {
    const root = await HeldDir.open(worktree);
    if (root === null) throw new SwarmError('GIT_FAILED', `the worktree ${worktree} is gone or not a directory; swarm does not commit there`);
    try {
      await removeConfined(root, '.git');
      await writeFile(root.at('.git'), `${link}\n`, { flag: 'wx' });
      restored.push(`${worktree}/.git`);
    } finally {
      await root.close();
    }
  }
  const head = `ref: refs/heads/${branch}`;
  const current = await readBounded(join(admin, 'HEAD'), 4096);
  if (!current.ok || current.bytes.toString('utf8').trim() !== head) {
    // Replaced, never written through: the file may be a link the agent planted.
    await unlink(join(admin, 'HEAD')).catch(() => undefined);
    await writeFile(join(admin, 'HEAD'), `${head}\n`, { flag: 'wx' });
    restored.push(`HEAD of ${worktree}`);
  }
  return restored;
};
