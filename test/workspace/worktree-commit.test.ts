import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyIndex } from '../../src/workspace/index-copy.js';
import { commitOfWorktree } from '../../src/workspace/worktree-commit.js';
import { git, makeRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** Sleeps until just after the next whole second. */
const nextSecond = async (): Promise<void> => {
  await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));
};

describe('commitOfWorktree', () => {
  it('sees an edit of the same size made in the second the index was written (racy git), on a later second', async () => {
    const repo = makeRepo({ 'prog.js': 'const a = 1.0;\n' });
    cleanups.push(repo.cleanup);
    // The checkout, its index and an agent's same-size edit all within one whole second, as a
    // fast agent makes them right after swarm prepared the worktree.
    await nextSecond();
    const prog = join(repo.dir, 'prog.js');
    rmSync(prog);
    git(repo.dir, 'checkout', '--', 'prog.js');
    writeFileSync(prog, 'const a = 3.0;\n');
    const sameSecond = Math.floor(statSync(prog).mtimeMs / 1_000) === Math.floor(statSync(join(repo.dir, '.git', 'index')).mtimeMs / 1_000);
    // The scored tree is taken in a later second.
    await nextSecond();
    const scored = await commitOfWorktree(repo.dir, 'scored');
    expect(sameSecond).toBe(true);
    expect(scored).not.toBeNull();
    expect(scored).not.toBe(repo.baseline);
    expect(git(repo.dir, 'show', `${scored ?? ''}:prog.js`)).toBe('const a = 3.0;');
    // The checkout's own index is untouched.
    expect(git(repo.dir, 'diff', '--cached', '--name-only')).toBe('');
    expect(readFileSync(prog, 'utf8')).toBe('const a = 3.0;\n');
  });

  it('copies no index that is not a regular file (a FIFO would block the copy): the scratch index is built from the files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-index-copy-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const fifo = join(dir, 'index');
    execFileSync('mkfifo', [fifo]);
    await copyIndex(fifo, join(dir, 'copy'));
    expect(existsSync(join(dir, 'copy'))).toBe(false);
    symlinkSync(fifo, join(dir, 'link'));
    await copyIndex(join(dir, 'link'), join(dir, 'copy'));
    expect(existsSync(join(dir, 'copy'))).toBe(false);
  });

  it('returns HEAD when nothing changed, and a commit on HEAD for an untracked file', async () => {
    const repo = makeRepo({ 'prog.js': 'x\n' });
    cleanups.push(repo.cleanup);
    expect(await commitOfWorktree(repo.dir, 'scored')).toBe(repo.baseline);
    writeFileSync(join(repo.dir, 'new.txt'), 'n\n');
    const scored = await commitOfWorktree(repo.dir, 'scored');
    expect(git(repo.dir, 'rev-parse', `${scored ?? ''}^`)).toBe(repo.baseline);
    expect(git(repo.dir, 'show', `${scored ?? ''}:new.txt`)).toBe('n');
  });
});
