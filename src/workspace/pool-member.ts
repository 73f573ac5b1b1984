import { lstat, mkdir, readFile, realpath, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readBounded } from './confined-fs.js';

/** A worktree of the pool: its directory now and its administrative folder (`.git/worktrees/<name>`). */
export interface PoolMember {
  path: string;
  admin: string;
}

const FULL_SHA = /^[0-9a-f]{40}$/;

const real = (p: string): Promise<string> => realpath(p).catch(() => path.resolve(p));

/**
 * The administrative folder of the linked worktree at `target` when the two still name each other
 * (`target/.git` → `<commonDir>/worktrees/<name>`, whose `gitdir` → `target/.git`), else null.
 * Read without following links and without blocking: an agent may have planted a link or a FIFO.
 */
export const memberAdmin = async (commonDir: string, target: string): Promise<string | null> => {
  if ((await lstat(target).catch(() => null))?.isDirectory() !== true) return null;
  const file = await readBounded(path.join(target, '.git'), 4096);
  const link = file.ok ? /^gitdir: (.+)$/m.exec(file.bytes.toString('utf8'))?.[1]?.trim() : undefined;
  if (link === undefined || !path.isAbsolute(link)) return null;
  if ((await real(path.dirname(link))) !== (await real(path.join(commonDir, 'worktrees')))) return null;
  const back = await readBounded(path.join(link, 'gitdir'), 4096);
  if (!back.ok || (await real(back.bytes.toString('utf8').trim())) !== (await real(path.join(target, '.git')))) return null;
  return link;
};

/**
 * Moves a member's directory to `to` and points its administrative `gitdir` there: what
 * `git worktree move` does, without a git process. The admin folder (and so the worktree's
 * name, its index and its provisioning records) stays.
 */
export const moveMember = async (member: PoolMember, to: string): Promise<PoolMember> => {
  await mkdir(path.dirname(to), { recursive: true });
  await rename(member.path, to);
  const gitdir = path.join(member.admin, 'gitdir');
  await unlink(gitdir).catch(() => undefined);
  await writeFile(gitdir, `${path.join(await real(path.dirname(to)), path.basename(to), '.git')}\n`, { flag: 'wx' });
  return { path: to, admin: member.admin };
};

/** The commit a loose branch ref holds, or null (packed, missing, or not a sha). */
const looseRef = async (commonDir: string, ref: string): Promise<string | null> => {
  if (!ref.startsWith('refs/heads/') || ref.split('/').includes('..')) return null;
  const text = await readBounded(path.join(commonDir, ref), 128);
  const sha = text.ok ? text.bytes.toString('utf8').trim() : '';
  return FULL_SHA.test(sha) ? sha : null;
};

const packedRef = async (commonDir: string, ref: string): Promise<string | null> => {
  const text = await readFile(path.join(commonDir, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    const [sha, name] = line.split(' ');
    if (name === ref && sha !== undefined && FULL_SHA.test(sha)) return sha;
  }
  return null;
};

/**
 * Detaches the member's HEAD at the commit its branch holds (a file write, no git process), so
 * that the branch is no longer checked out anywhere: `git branch -D`, `swarm checkout` and a
 * later attempt may use it. False when HEAD names nothing resolvable; the member is then dropped.
 */
export const detachMember = async (commonDir: string, member: PoolMember): Promise<boolean> => {
  const head = path.join(member.admin, 'HEAD');
  const text = await readBounded(head, 4096);
  if (!text.ok) return false;
  const value = text.bytes.toString('utf8').trim();
  const ref = /^ref: (.+)$/.exec(value)?.[1];
  const sha = ref === undefined ? (FULL_SHA.test(value) ? value : null) : ((await looseRef(commonDir, ref)) ?? (await packedRef(commonDir, ref)));
  if (sha === null) return false;
  await unlink(head).catch(() => undefined);
  await writeFile(head, `${sha}\n`, { flag: 'wx' });
  return true;
};

/** Removes a member's files and its registration (what `git worktree remove --force --force` does). */
export const destroyMember = async (member: PoolMember): Promise<void> => {
  // A link planted in place of the directory goes; nothing it points to is touched.
  if ((await lstat(member.path).catch(() => null))?.isSymbolicLink() === true) await unlink(member.path);
  else await rm(member.path, { recursive: true, force: true });
  await rm(member.admin, { recursive: true, force: true });
};
