import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { runGit, tryGit } from './git-command.js';
import { copyIndex } from './index-copy.js';

/**
 * The commit of a checkout's files as they are now (tracked and untracked, not ignored): HEAD when
 * nothing changed, else a new commit object on top of HEAD that no branch names (the attempt's
 * own commit comes later). What an intermediate evaluation scored is the working tree, which an
 * agent that does not commit leaves at the attempt's base commit. A scratch index (a copy of the
 * checkout's) is used, so the checkout's own index stays as it is. Null when git cannot write here
 * (a read-only `.git`, as inside Codex's sandbox), `onFailure` told why: the caller falls back
 * to HEAD.
 */
export const commitOfWorktree = async (checkout: string, message: string, onFailure?: (error: unknown) => void): Promise<string | null> => {
  try {
    return await commitOnce(checkout, message);
  } catch (error) {
    onFailure?.(error);
    return null;
  }
};

const commitOnce = async (checkout: string, message: string): Promise<string | null> => {
  const ceiling = dirname(checkout);
  const head = (await tryGit(checkout, ['rev-parse', 'HEAD'], { ceiling }))?.trim() ?? null;
  if (head === null) return null;
  const dir = await mkdtemp(join(tmpdir(), 'swarm-scored-'));
  try {
    const index = join(dir, 'index');
    const own = (await runGit(checkout, ['rev-parse', '--git-path', 'index'], { ceiling })).trim();
    // With its timestamps (racy git): a copy stamped now made a same-size edit, written in the
    // second the worktree was checked out, look clean, and the base commit was recorded.
    await copyIndex(isAbsolute(own) ? own : join(checkout, own), index);
    const options = { ceiling, env: { GIT_INDEX_FILE: index } };
    await runGit(checkout, ['add', '--all'], options);
    const tree = (await runGit(checkout, ['write-tree'], options)).trim();
    const headTree = (await runGit(checkout, ['rev-parse', 'HEAD^{tree}'], { ceiling })).trim();
    if (tree === headTree) return head;
    return (await runGit(checkout, ['commit-tree', tree, '-p', head, '-m', message], { ceiling, config: ['user.name=swarm', 'user.email=swarm@localhost', 'commit.gpgSign=false'] })).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
