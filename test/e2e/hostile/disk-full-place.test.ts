import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { diskFullMessage } from '../../../src/app/run/disk-full.js';
import { mountTmpfs } from '../../support/tmpfs.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

/**
 * A full (or read-only) disk that is not `.swarm`'s: the worktrees under `workspace.dir` on a small
 * tmpfs (root only; skipped otherwise). A write that names no file (through a descriptor, git's
 * text) is blamed on the place whose file system refuses it, not on `.swarm` with its free space.
 */
const tmpfs = mountTmpfs('swarm-full-place', '4m');
const mount = tmpfs.dir;
const worktrees = join(mount, 'project', 'worktrees');

describe.skipIf(!tmpfs.mounted)('the one disk-full line names the file system that refused', () => {
  const repoDir = mkdtempSync(join(tmpdir(), 'swarm-full-place-repo-'));
  const swarmDir = join(repoDir, '.swarm');
  const places = [{ dir: worktrees, what: `the worktrees (${worktrees})` }, { dir: join(repoDir, '.git'), what: 'the repository\'s git data (.git)' }];
  let repo: ToyRepo | undefined;
  afterEach(() => {
    tmpfs.unfill();
    tmpfs.remount('rw');
    repo?.cleanup();
    repo = undefined;
  });
  afterAll(() => {
    rmSync(repoDir, { recursive: true, force: true });
    tmpfs.unmount();
  });

  it('a full disk of the worktrees: the worktrees\' file system, 0 KiB free', () => {
    tmpfs.fill();
    expect(diskFullMessage({ code: 'ENOSPC', path: null }, repoDir, swarmDir, 'swarm run', places)).toBe(
      `the file system at ${mount} is full (ENOSPC, 0 KiB free) writing the worktrees (${worktrees}); the run is kept as it was: free space there, then \`swarm run\` resumes where it stopped`,
    );
  });

  it('a read-only disk of the worktrees: that file system, to make writable', () => {
    tmpfs.remount('ro');
    expect(diskFullMessage({ code: 'EROFS', path: null }, repoDir, swarmDir, 'swarm run', places)).toMatch(
      new RegExp(`^the file system at ${mount} is read-only \\(EROFS[^)]*\\) writing the worktrees \\(${worktrees}\\); the run is kept as it was: make it writable, then`),
    );
  });

  it('.swarm when the other places have room', () => {
    expect(diskFullMessage({ code: 'ENOSPC', path: null }, repoDir, swarmDir, 'swarm run', places)).toMatch(/ writing the run's files \(\.swarm\); /);
  });

  it('swarm run with workspace.dir on a full disk: one line naming it, exit 1', async () => {
    mkdirSync(join(mount, 'worktrees'), { recursive: true });
    repo = createToyRepo({ budget: { attempts: 2 }, workspace: { dir: join(mount, 'worktrees') } });
    tmpfs.fill();
    const run = await runCli(repo.dir, ['run']);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('swarm: '))).toEqual([lines.at(-1)]);
    expect(lines.at(-1)).toMatch(new RegExp(`^swarm: the file system at ${mount} is full \\(ENOSPC, 0 KiB free\\) writing the worktrees \\(${mount}/worktrees/\\S+\\); the run is kept as it was: free space there`));
  }, 120_000);
});
