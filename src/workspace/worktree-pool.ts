import { lstat, mkdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { gitResult, runGit } from './git-command.js';
import { destroyMember, detachMember, memberAdmin, moveMember, type PoolMember } from './pool-member.js';
import { settleProvisioned } from './provision/provisioned-manifest.js';
import { adminDirFor } from './worktree-link.js';
import { removeWorktreeAt } from './worktrees.js';

/** How attempts' worktrees are made: reused from a pool (the default) and sparse where the repository declares it. */
export interface PoolSettings {
  /** Keep released worktrees and move them to the next attempt's commit (`workspace.pool`). */
  pool: boolean;
  /** Sparse-checkout patterns (gitignore syntax, `--no-cone`) of every new worktree (`workspace.sparse`). */
  sparse: readonly string[];
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = { pool: false, sparse: [] };

/** The folder idle members wait in, under the worktrees folder (so a resumed run's cleanup removes them). */
export const POOL_FOLDER = '.pool';

/** A git glob matching exactly `relative` from the top of the worktree (`git clean -e`). */
const literalPattern = (relative: string): string => `/${relative.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`)}`;

interface PoolRepo {
  root: string;
  /** The shared `.git` directory. */
  commonDir: string;
  worktreesDir: string;
  /** The repository mutex: only `worktree add` (and sparse-checkout's shared-config write) needs it. */
  locked: <T>(task: () => Promise<T>) => Promise<T>;
}

/**
 * Attempts' worktrees, kept between attempts. A released worktree is detached from its branch and
 * moved to `.swarm/worktrees/.pool/`; the next attempt's worktree is an idle member moved to the
 * attempt's path and switched to its new branch, so git writes only the files that differ between
 * the two commits. Untracked files go (`git clean -ffdx`), except provisioned paths an agent did
 * not change (see settleProvisioned). A member that cannot be verified or moved is removed, and a
 * new one made: `worktree add --no-checkout` under the lock, the checkout itself outside it.
 */
export class WorktreePool {
  private idle: PoolMember[] = [];
  private settings: PoolSettings = DEFAULT_POOL_SETTINGS;

  constructor(private readonly repo: PoolRepo) {}

  configure(settings: PoolSettings): void {
    this.settings = settings;
  }

  /** Idle members now. */
  get size(): number {
    return this.idle.length;
  }

  /**
   * A worktree at `target` (which must not exist) on a new branch `branch` at `commit`. Throws
   * when git refuses (the branch exists, the commit is unknown); no worktree is left then.
   */
  async acquire(target: string, branch: string, commit: string): Promise<'reused' | 'created'> {
    for (let member = this.idle.pop(); member !== undefined; member = this.idle.pop()) {
      if (await this.reuse(member, target, branch, commit)) return 'reused';
    }
    await this.create(target, branch, commit);
    return 'created';
  }

  private async reuse(member: PoolMember, target: string, branch: string, commit: string): Promise<boolean> {
    let current = member;
    try {
      if ((await memberAdmin(this.repo.commonDir, member.path)) !== member.admin) throw new Error('no longer linked');
      const { kept } = await settleProvisioned(member.path);
      current = await moveMember(member, target);
      const ceiling = { ceiling: path.dirname(target) };
      // Untracked files of the old attempt go first; the switch then writes only what differs.
      await runGit(target, ['clean', '-ffdxq', ...kept.flatMap((entry) => ['-e', literalPattern(entry)])], ceiling);
      await runGit(target, ['switch', '--quiet', '--discard-changes', '--no-guess', '-c', branch, commit], ceiling);
      return true;
    } catch {
      // Damaged by its agent or by a crash, or git refused: the member goes; a new one is made.
      await this.retire(current).catch(() => undefined);
      return false;
    }
  }

  private async create(target: string, branch: string, commit: string): Promise<void> {
    await this.repo.locked(async () => {
      await mkdir(path.dirname(target), { recursive: true });
      await runGit(this.repo.root, ['worktree', 'add', '--quiet', '--no-checkout', '--detach', target, commit]);
      if (this.settings.sparse.length > 0) {
        await runGit(target, ['sparse-checkout', 'set', '--no-cone', '--', ...this.settings.sparse], { ceiling: path.dirname(target) });
      }
    });
    const switched = await gitResult(target, ['switch', '--quiet', '--discard-changes', '--no-guess', '-c', branch, commit], { ceiling: path.dirname(target) });
    if (switched.exitCode !== 0) {
      await this.repo.locked(() => removeWorktreeAt(this.repo.root, target)).catch(() => undefined);
      throw new Error(`\`git switch -c ${branch} ${commit}\` failed in ${target}: ${switched.output.trim()}`);
    }
  }

  /** Removes a member whose directory may be anywhere (or gone). */
  private async retire(member: PoolMember): Promise<void> {
    await this.repo.locked(async () => {
      if ((await memberAdmin(this.repo.commonDir, member.path)) === member.admin) await removeWorktreeAt(this.repo.root, member.path);
      else await destroyMember(member);
    });
  }

  /**
   * Takes back an attempt's worktree: detached from its branch and parked, or removed when the
   * pool is off or the worktree is no longer plainly linked (its agent rewrote `.git`, replaced
   * the directory by a link). Its branch stays either way.
   */
  async release(target: string): Promise<void> {
    // Submodules are clones of their own that neither clean nor switch resets: such a worktree is not reused.
    const reusable = this.settings.pool && (await lstat(path.join(target, '.gitmodules')).catch(() => null)) === null;
    const admin = reusable ? await memberAdmin(this.repo.commonDir, target) : null;
    if (admin === null || !(await detachMember(this.repo.commonDir, { path: target, admin }))) {
      await this.repo.locked(async () => {
        // Its `.git` rewritten after the last commit: git refuses to remove it, its registration names it all the same.
        const registered = (await lstat(target).catch(() => null))?.isDirectory() === true ? await adminDirFor(this.repo.commonDir, target) : null;
        if (registered !== null && (await memberAdmin(this.repo.commonDir, target)) === null) await destroyMember({ path: target, admin: registered });
        else await removeWorktreeAt(this.repo.root, target);
      });
      return;
    }
    const parked = path.join(this.repo.worktreesDir, POOL_FOLDER, path.basename(admin));
    await rm(parked, { recursive: true, force: true });
    this.idle.push(await moveMember({ path: target, admin }, parked));
  }

  /** Removes every idle member (the end of a run): nothing is left beyond what the run's attempts leave. */
  async drain(): Promise<void> {
    const members = this.idle.splice(0);
    for (const member of members) await this.retire(member).catch(() => undefined);
    await rmdir(path.join(this.repo.worktreesDir, POOL_FOLDER)).catch(() => undefined);
  }
}
