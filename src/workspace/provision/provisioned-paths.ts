import { readFile, writeFile } from 'node:fs/promises';
import path, { join } from 'node:path';

/**
 * The administrative folder (`<repo>/.git/worktrees/<name>`) of the linked worktree at `target`,
 * when its `.git` file and the folder's `gitdir` point at each other; else null (nothing is kept).
 */
export const adminDirOf = async (target: string): Promise<string | null> => {
  const link = /^gitdir: (.+)$/m.exec(await readFile(join(target, '.git'), 'utf8').catch(() => ''))?.[1]?.trim();
  if (link === undefined || !path.isAbsolute(link) || path.basename(path.dirname(link)) !== 'worktrees') return null;
  const back = (await readFile(join(link, 'gitdir'), 'utf8').catch(() => '')).trim();
  return back !== '' && path.resolve(back) === path.resolve(join(target, '.git')) ? link : null;
};

/** Kept in the worktree's administrative folder (`.git/worktrees/<name>/`), out of the agent's tree. */
const PROVISIONED_FILE = 'swarm-provisioned';
const SETUP_KEY_FILE = 'swarm-setup-key';

/** Records the paths provisioning put into the worktree, which no commit of swarm may hold. */
export const writeProvisioned = async (worktree: string, paths: readonly string[]): Promise<void> => {
  const admin = await adminDirOf(worktree);
  if (admin !== null) await writeFile(join(admin, PROVISIONED_FILE), [...new Set(paths)].join('\0'));
};

/** The paths provisioning put into the worktree (empty for a worktree never provisioned). */
export const readProvisioned = async (worktree: string): Promise<string[]> => {
  const admin = await adminDirOf(worktree);
  if (admin === null) return [];
  const text = await readFile(join(admin, PROVISIONED_FILE), 'utf8').catch(() => '');
  return text.split('\0').filter((path) => path !== '');
};

/** The setup key the worktree was last prepared with, or null. */
export const readSetupMarker = async (worktree: string): Promise<string | null> => {
  const admin = await adminDirOf(worktree);
  if (admin === null) return null;
  const text = (await readFile(join(admin, SETUP_KEY_FILE), 'utf8').catch(() => '')).trim();
  return text === '' ? null : text;
};

export const writeSetupMarker = async (worktree: string, key: string): Promise<void> => {
  const admin = await adminDirOf(worktree);
  if (admin !== null) await writeFile(join(admin, SETUP_KEY_FILE), key);
};
