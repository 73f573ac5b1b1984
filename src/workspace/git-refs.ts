import { runGit, tryGit } from './git-command.js';

/** The full sha of `ref` in the repository at `root`, or null when it does not name a commit. */
export const resolveCommit = async (root: string, ref: string): Promise<string | null> => {
  const sha = await tryGit(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return sha === null || sha.trim() === '' ? null : sha.trim();
};

/** The branch checked out in the worktree at `root`, or null when HEAD is detached. */
export const currentBranch = async (root: string): Promise<string | null> => {
  const name = await tryGit(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return name === null || name.trim() === '' ? null : name.trim();
};

/** Local branch names starting with `prefix` (one git call). */
export const listBranches = async (root: string, prefix: string): Promise<string[]> => {
  const refs = await runGit(root, ['for-each-ref', '--format=%(refname:short)', `refs/heads/${prefix}`]);
  return refs.split('\n').map((line) => line.trim()).filter((line) => line !== '');
};

/** The highest run number used by `swarm/r<N>/…` branches, 0 when there are none. */
export const highestRunNumber = async (root: string): Promise<number> => {
  const refs = await runGit(root, ['for-each-ref', '--format=%(refname)', 'refs/heads/swarm/']);
  let highest = 0;
  for (const ref of refs.split('\n')) {
    const match = /^refs\/heads\/swarm\/r(\d+)\//.exec(ref);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
};
