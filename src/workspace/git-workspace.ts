import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import type { FileAt } from '../core/ports/file-at.js';
import type { TreeSymlink } from '../core/trust/escaping-symlinks.js';
import { readTreeAndTexts } from './cat-file-batch.js';
import { excludeSwarmDir } from './exclude-swarm-dir.js';
import { cleanupWorktreesUnder } from './cleanup-worktrees.js';
import type { FileRef, Workspace } from '../core/ports/workspace.js';
import { commitAll, commitAllWithStat, type CommitAllParams } from './commit-all.js';
import { commitConfig, committerIdent } from './commit-identity.js';
import { changedPaths, diffStat, type DiffStat } from './diff-stat.js';
import { diffText } from './diff-text.js';
import { commitFileChange, type Ident } from './fast-import.js';
import { FINDINGS_FILE, withFindingsEntry } from './findings.js';
import { renderCommitMessage, type Trailers } from './commit-message.js';
import { gitShowBytes, runGit, tryGit } from './git-command.js';
import { currentBranch, highestRunNumber, listBranches, resolveCommit } from './git-refs.js';
import { readFileAt } from './git-read.js';
import { locateProject, repoGlobs, repoPath } from './locate-project.js';
import { prepareAttempt, type PrepareAttemptParams, type PreparedAttempt } from './prepare-attempt.js';
import { projectPaths } from './project-layout.js';
import { matchProtected } from './protected-paths.js';
import { withRepoLock } from './repo-mutex.js';
import { resetWorktree } from './reset-worktree.js';
import { revertStep, type RevertOutcome } from './revert-step.js';
import { clearStaleLocks } from './stale-locks.js';
import { symlinksAt } from './tree-symlinks.js';
import { reclaimWorktreeLink } from './worktree-link.js';
import { addWorktree, listWorktrees, removeWorktreeAt, type WorktreeInfo } from './worktrees.js';
import { WorktreePool, type PoolSettings } from './worktree-pool.js';

/**
 * The target repository as swarm uses it: attempt branches, their worktrees under `.swarm/worktrees/`,
 * merges and commits. Worktree creation and removal are serialized per repository.
 */
export class GitWorkspace implements Workspace {
  readonly root: string;
  readonly swarmDir: string;
  /** Where attempt worktrees live: `.swarm/worktrees`, or under workspace.dir once `placeWorktrees` moved them. */
  get worktreesDir(): string { return this.worktreeRoot; }
  private worktreeRoot: string;
  /** The shared `.git` directory. */
  readonly gitDir: string;
  /** The project folder relative to the root (`/`-separated, '' for the root): a monorepo package. */
  readonly subdir: string;
  /** The project folder in the main checkout: config, prompt and `.swarm/` live here. */
  readonly projectDir: string;
  /** The `--config` file given (absolute), or null for the project's `.swarmrc.json`. */
  readonly configFile: string | null;

  private constructor(root: string, gitDir: string, project: { subdir: string; projectDir: string; configFile: string | null }) {
    this.root = root;
    this.gitDir = gitDir;
    this.subdir = project.subdir;
    this.projectDir = project.projectDir;
    this.configFile = project.configFile;
    const paths = projectPaths(project.projectDir);
    this.swarmDir = paths.swarmDir;
    this.worktreeRoot = paths.worktreesDir;
    this.pool = this.newPool();
  }

  /** Puts the worktrees of this project under `dir` (workspace.dir; see projectPaths), before any is made or the pool is configured. */
  placeWorktrees(dir: string): void {
    this.worktreeRoot = dir;
    this.pool = this.newPool();
  }

  private newPool(): WorktreePool {
    return new WorktreePool({ root: this.root, commonDir: this.gitDir, worktreesDir: this.worktreesDir, locked: (task) => this.locked(task) });
  }

  /** Attempts' worktrees kept between attempts (off until a run configures it). */
  private pool: WorktreePool;
  /** Sets how attempts' worktrees are made and released (`workspace.pool`, `workspace.sparse`). */
  configureWorktrees(settings: PoolSettings): void {
    this.pool.configure(settings);
  }
  /** Takes back an attempt's worktree into the pool (or removes it when the pool is off); its branch stays. */
  releaseWorktree(worktreePath: string): Promise<void> {
    return this.pool.release(worktreePath);
  }
  /** Removes the pool's idle worktrees: called when a run ends. */
  drainWorktrees(): Promise<void> {
    return this.pool.drain();
  }

  /**
   * Opens the main repository containing `dir` (also from a subdirectory or a linked worktree) and
   * the project there: the nearest `.swarmrc.json` above `dir`, or the folder of `config`
   * (resolved against `dir`).
   */
  static async open(dir: string, options: { config?: string } = {}): Promise<GitWorkspace> {
    const { root, commonDir, ...project } = await locateProject(dir, options.config);
    return new GitWorkspace(root, commonDir, project);
  }

  /** The project folder inside a checkout of the repository (a worktree's root): where the evaluator and the agents work. */
  projectFolder(checkout: string): string {
    return this.subdir === '' ? checkout : path.join(checkout, this.subdir);
  }

  /** A path relative to the project folder, relative to the repository root (as git names it). */
  repoPath(projectPath: string): string {
    return repoPath(this.subdir, projectPath);
  }

  /** The config file to load, for `loadConfig(projectDir, …)`: only a `--config` given. */
  configOption(): { file?: string } {
    return this.configFile === null ? {} : { file: this.configFile };
  }

  private identity: Promise<string[]> | null = null;

  /** Commit identity settings, looked up once per workspace (two git calls saved per commit). */
  private commitSettings(): Promise<string[]> {
    this.identity ??= commitConfig(this.root);
    return this.identity;
  }

  private ident: Promise<Ident> | null = null;

  /** Author and committer of plumbing commits (`git var`, with the commit settings' fallbacks), looked up once. */
  private commitIdent(): Promise<Ident> {
    this.ident ??= this.commitSettings().then((config) => committerIdent(this.root, config));
    return this.ident;
  }

  private locked<T>(task: () => Promise<T>): Promise<T> {
    return withRepoLock(this.root, task);
  }

  /** Adds `.swarm/` to `.git/info/exclude` unless an entry for it is already there. */
  ensureExcluded(): Promise<void> {
    return excludeSwarmDir(this.gitDir);
  }

  /** The full sha `ref` points to; a ref that does not resolve is a SwarmError('NOT_FOUND'). */
  async headCommit(ref = 'HEAD'): Promise<string> {
    const sha = await this.resolveCommit(ref);
    if (sha === null) throw new SwarmError('NOT_FOUND', `${ref} does not name a commit in ${this.root}`);
    return sha;
  }

  /** The full sha of `ref`, or null when it does not name a commit. */
  resolveCommit(ref: string): Promise<string | null> { return resolveCommit(this.root, ref); }
  /** The branch checked out in the main worktree, or null when HEAD is detached. */
  currentBranch(): Promise<string | null> { return currentBranch(this.root); }
  /** Whether the main worktree has uncommitted or untracked changes outside `.swarm/` and the `ignore` folders. */
  async isDirty(ignore: readonly string[] = []): Promise<boolean> {
    const status = await runGit(this.root, ['status', '--porcelain', '-z', '--', '.', ':(exclude).swarm', ...ignore.map((path) => `:(exclude)${path}`)]);
    return status !== '';
  }

  /** Local branch names starting with `prefix` (one git call). */
  listBranches(prefix: string): Promise<string[]> { return listBranches(this.root, prefix); }
  /** The highest run number used by `swarm/r<N>/…` branches, 0 when there are none. */
  highestRunNumber(): Promise<number> { return highestRunNumber(this.root); }

  /** Branch + worktree for an attempt, merged from its parents; see `prepareAttempt`. */
  async prepareAttempt(p: PrepareAttemptParams, options: { recreate?: boolean } = {}): Promise<PreparedAttempt> {
    const context = { root: this.root, worktreesDir: this.worktreesDir, locked: this.locked.bind(this), commitSettings: () => this.commitSettings(), pool: this.pool };
    return prepareAttempt(context, p, options);
  }

  /** Commits whatever is left in `worktree`, with trailers; `changed: false` when there was nothing. */
  async commitAll(worktree: string, p: CommitAllParams): Promise<{ commit: string; changed: boolean }> {
    return commitAll(worktree, p, await this.commitSettings());
  }

  /** Restores an attempt worktree's `.git` link and HEAD (on `branch`) that its agent changed; returns what was restored. */
  async reclaimWorktree(worktree: string, branch: string): Promise<string[]> {
    return reclaimWorktreeLink(this.gitDir, worktree, branch);
  }

  /** `commitAll`, with the diff stat of the commit against `from` read while git commits. */
  async commitAllWithStat(worktree: string, p: CommitAllParams, from: string): Promise<{ commit: string; changed: boolean; diff: DiffStat }> {
    return commitAllWithStat(worktree, p, await this.commitSettings(), from);
  }

  /**
   * Sets `branch` to a commit on top of `onto` that appends `entry` to its findings.md, in one git
   * process and without touching the branch's worktree (whatever an evaluation left there is not
   * committed). Returns the new commit.
   */
  async commitFindings(p: { branch: string; onto: string; entry: string; subject: string; trailers: Trailers }): Promise<string> {
    return commitFileChange(this.root, {
      ref: `refs/heads/${p.branch}`,
      parent: p.onto,
      path: this.repoPath(FINDINGS_FILE),
      update: (current) => withFindingsEntry(current ?? '', p.entry),
      message: renderCommitMessage({ subject: p.subject, trailers: p.trailers }),
      ident: await this.commitIdent(),
    });
  }

  /** Resets `worktree` and its branch to `commit`, removing untracked and ignored files. */
  async resetWorktree(worktree: string, commit: string): Promise<void> {
    await resetWorktree(worktree, commit);
  }

  async diffStat(from: string, to: string): Promise<DiffStat> {
    return diffStat(this.root, from, to);
  }

  /** The unified diff between two commits without the `exclude` paths. */
  async diffText(from: string, to: string, exclude: readonly string[] = []): Promise<string> {
    return diffText(this.root, from, to, exclude);
  }

  /** Paths changed between two commits that match any protected glob (globs relative to the project folder; paths as git names them). */
  async protectedViolations(from: string, to: string, globs: string[]): Promise<string[]> {
    if (globs.length === 0) return [];
    return matchProtected(await changedPaths(this.root, from, to), repoGlobs(this.subdir, globs));
  }

  /** The symlinks of `commit` among `paths`, with their targets. */
  async symlinksAt(commit: string, paths: readonly string[]): Promise<TreeSymlink[]> {
    return symlinksAt(this.root, commit, paths);
  }

  /** Removes a worktree (its branch stays); an already-missing directory is pruned. */
  async removeWorktree(worktreePath: string): Promise<void> {
    await this.locked(() => removeWorktreeAt(this.root, worktreePath));
  }

  async listWorktrees(): Promise<WorktreeInfo[]> {
    return listWorktrees(this.root);
  }

  /** For a resumed run: stale locks cleared, every worktree and stray entry under `.swarm/worktrees/` (the pool's too) not in `keep` removed, pruned. */
  async cleanupWorktrees(keep: Set<string>, options: { staleLockMs?: number } = {}): Promise<string[]> {
    return this.locked(async () => {
      await clearStaleLocks({ root: this.root, commonDir: this.gitDir, worktreesDir: this.worktreesDir, staleMs: options.staleLockMs });
      return cleanupWorktreesUnder(this.root, this.worktreesDir, keep);
    });
  }

  /** Removes lock files a killed process left (see `clearStaleLocks`); returns them. */
  async clearStaleLocks(): Promise<string[]> {
    return this.locked(() => clearStaleLocks({ root: this.root, commonDir: this.gitDir, worktreesDir: this.worktreesDir }));
  }

  async branchExists(branch: string): Promise<boolean> {
    return (await tryGit(this.root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])) !== null;
  }

  /** Deletes a branch even if it is not merged; a missing branch is not an error. */
  async deleteBranch(branch: string): Promise<void> {
    if (!(await this.branchExists(branch))) return;
    await this.locked(() => runGit(this.root, ['branch', '--delete', '--force', branch]));
  }

  /** Adds a worktree at `worktreePath` for an existing branch (`swarm checkout`). */
  async checkoutAttempt(branch: string, worktreePath: string): Promise<void> {
    if (!(await this.branchExists(branch))) throw new SwarmError('NOT_FOUND', `branch ${branch} does not exist in ${this.root}; list attempts with \`swarm status\``);
    await this.locked(() => addWorktree(this.root, worktreePath, { commit: branch }));
  }

  /** A worktree on a detached HEAD at `commit` (no branch), e.g. for `swarm review`. */
  async addDetachedWorktree(worktreePath: string, commit: string): Promise<void> {
    await this.locked(() => addWorktree(this.root, worktreePath, { commit }));
  }

  /** Takes back in `worktree` what `from` → `to` changed (paths in `keep` excepted); see revertStep. */
  async revertStep(worktree: string, step: { from: string; to: string }, keep: string[]): Promise<RevertOutcome> {
    return revertStep(worktree, step, keep);
  }

  /** The content of `file` at `commit`, or null when the file (or commit) does not exist there. */
  async showFile(commit: string, file: string): Promise<string | null> {
    const bytes = await gitShowBytes(this.root, `${commit}:${file.replace(/^\.\//, '')}`);
    return bytes === null ? null : bytes.toString('utf8');
  }

  /** The text of each file at its commit (null where that commit has no such file), read by one git process. */
  async readFiles(files: readonly FileRef[]): Promise<Array<string | null>> {
    return (await this.readTreeAndFiles(null, files)).texts;
  }

  /** In one git process: the top entries of `commit`'s tree (`<mode> <id>\t<name>`), the text of each of `files`, the entries of each of `trees`. */
  readTreeAndFiles(commit: string | null, files: readonly FileRef[], trees: readonly string[] = []): Promise<{ topLevel: string[]; texts: Array<string | null>; subtrees: Array<string[] | null> }> {
    return readTreeAndTexts(this.root, commit, files.map((f) => `${f.commit}:${f.path.replace(/^\.\//, '')}`), trees);
  }

  /** The text of `relPath` at `commit`, or why git has none (see git-read.ts). */
  async readFileAt(commit: string, relPath: string): Promise<FileAt> {
    return readFileAt(this.root, commit, relPath);
  }
}
