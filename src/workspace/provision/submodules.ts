import { lstat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { runGit, tryGit } from '../git-command.js';

interface Submodule {
  name: string;
  path: string;
}

/** The submodules `.gitmodules` of the worktree declares (name and path). */
const declared = async (worktree: string): Promise<Submodule[]> => {
  const out = await tryGit(worktree, ['config', '--file', '.gitmodules', '--null', '--get-regexp', '^submodule\\..*\\.path$']);
  if (out === null) return [];
  return out.split('\0').filter((entry) => entry !== '').flatMap((entry) => {
    const [key = '', value = ''] = entry.split('\n');
    const name = key.replace(/^submodule\./, '').replace(/\.path$/, '');
    return name === '' || value === '' ? [] : [{ name, path: value }];
  });
};

/** The commit the worktree's tree records at `path` (a gitlink), or null. */
const recordedCommit = async (worktree: string, path: string): Promise<string | null> => {
  const entry = await tryGit(worktree, ['ls-tree', '-z', 'HEAD', '--', path]);
  const match = /^160000 commit ([0-9a-f]{40,64})\t/.exec(entry ?? '');
  return match?.[1] ?? null;
};

const isDir = async (path: string): Promise<boolean> => (await lstat(path).catch(() => null))?.isDirectory() === true;

/** Where the main repository keeps a submodule's objects: its module store, else the checkout's own clone. */
const moduleSource = async (root: string, module: Submodule): Promise<string | null> => {
  const common = (await runGit(root, ['rev-parse', '--git-common-dir'])).trim();
  const store = join(isAbsolute(common) ? common : resolve(root, common), 'modules', module.name);
  if (await isDir(store)) return store;
  const checkout = join(root, module.path);
  return (await lstat(join(checkout, '.git')).catch(() => null)) === null ? null : checkout;
};

/**
 * Checks out every submodule of the worktree at the commit its tree records, cloned `--shared`
 * from the main repository's module store (objects borrowed, no network, no copy). A submodule
 * already cloned there (a reused worktree) is only moved to the recorded commit. Returns the paths
 * checked out and, for each one that could not be, why.
 */
export const checkoutSubmodules = async (root: string, worktree: string): Promise<{ checkedOut: string[]; missing: string[] }> => {
  const checkedOut: string[] = [];
  const missing: string[] = [];
  for (const module of await declared(worktree)) {
    const commit = await recordedCommit(worktree, module.path);
    if (commit === null) continue;
    const target = join(worktree, module.path);
    if ((await lstat(join(target, '.git')).catch(() => null)) === null) {
      const source = await moduleSource(root, module);
      if (source === null) {
        missing.push(`${module.path} (not initialized in ${root}: run \`git submodule update --init\` there)`);
        continue;
      }
      await runGit(worktree, ['clone', '--quiet', '--shared', '--no-checkout', source, target]);
    }
    const moved = await tryGit(target, ['checkout', '--quiet', '--detach', commit]);
    if (moved === null) missing.push(`${module.path} (commit ${commit.slice(0, 10)} is not in ${root}'s module store: fetch it there)`);
    else checkedOut.push(module.path);
  }
  return { checkedOut, missing };
};
