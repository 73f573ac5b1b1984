import type { FileAt } from './file-at.js';
import type { TreeSymlink } from '../trust/escaping-symlinks.js';
/** Git trailers such as `Swarm-Attempt: a7`, `Swarm-Parent: a3`, `Informed-By: a2, a5` (insertion order kept). */
export type Trailers = Record<string, string>;

export interface PrepareAttemptParams {
  branch: string;
  worktreePath: string;
  /** The first parent is the base; the others are merged into it. `label` names side files (`x.from-<label>.py`). */
  parents: Array<{ commit: string; label: string }>;
  /** Message of the prepare commit (multi-parent only); the first line is the subject. */
  message: string;
  trailers: Trailers;
}

export interface PreparedAttempt {
  worktree: string;
  /** The commit the agent starts from: the first parent, or the prepare (merge) commit. */
  baseCommit: string;
  /** Paths that conflicted in any merge, resolved in favour of the first parent. */
  conflicts: string[];
}

export interface CommitAllParams {
  subject: string;
  body?: string;
  trailers: Trailers;
}

/** A file at a commit. */
export interface FileRef {
  commit: string;
  path: string;
}

export interface DiffStat {
  files: number;
  insertions: number;
  deletions: number;
  paths: string[];
  /**
   * Symlinks the change adds or modifies, with their blob ids: set only where the stat was read
   * with `--raw` (the commit step), so the audit needs no tree listing; absent: unknown.
   */
  links?: Array<{ path: string; blob: string }>;
}

/**
 * The repository as a run uses it: one branch and worktree per attempt (GitWorkspace implements
 * it). Worktree creation and removal are serialized by the implementation.
 */
/** What taking back one step did: reverted files, nothing to take back, or a conflict (the checkout put back). */
export type RevertOutcome =
  | { kind: 'reverted'; files: string[] }
  | { kind: 'empty' }
  | { kind: 'conflict'; files: string[]; detail: string };

export interface Workspace {
  /** The main worktree of the repository. */
  readonly root: string;
  /** The project folder relative to the root (`/`-separated; '' for the root): where its config lives. */
  readonly subdir: string;
  /** The project folder in the main checkout: config, prompt and `.swarm/` live here. */
  readonly projectDir: string;
  /** The config file named when the workspace was opened, as loadConfig takes it (`{}`: the default). */
  configOption(): { file?: string };
  /** Whether the main checkout has uncommitted changes outside the `ignore` paths. */
  isDirty(ignore?: readonly string[]): Promise<boolean>;
  /** Takes back in `worktree` what `from` → `to` changed (paths in `keep` excepted). */
  revertStep(worktree: string, step: { from: string; to: string }, keep: string[]): Promise<RevertOutcome>;
  /** The full sha `ref` (default HEAD) points to; a ref that does not resolve is a SwarmError('NOT_FOUND'). */
  headCommit(ref?: string): Promise<string>;
  /** Adds `.swarm/` to `.git/info/exclude` unless an entry for it is already there. */
  ensureExcluded(): Promise<void>;
  /** The branch checked out in the main worktree, or null on a detached HEAD. */
  currentBranch(): Promise<string | null>;
  /** The highest run number used by `swarm/r<N>/…` branches, 0 when there are none. */
  highestRunNumber(): Promise<number>;
  /** The unified diff between two commits without the `exclude` paths. */
  diffText(from: string, to: string, exclude?: readonly string[]): Promise<string>;
  /** The project folder inside a checkout (an attempt's worktree): the evaluator's and the agents' working directory. */
  projectFolder(checkout: string): string;
  /** A path relative to the project folder, relative to the repository root (as git names it). */
  repoPath(projectPath: string): string;
  /** Branch + worktree for an attempt, merged from its parents (`recreate`: again, after a crash). */
  prepareAttempt(p: PrepareAttemptParams, options?: { recreate?: boolean }): Promise<PreparedAttempt>;
  /** Commits whatever is left in `worktree`, with trailers; `changed: false` when there was nothing. */
  commitAll(worktree: string, p: CommitAllParams): Promise<{ commit: string; changed: boolean }>;
  /** `commitAll`, with the diff stat of the resulting commit against `from`. */
  commitAllWithStat(worktree: string, p: CommitAllParams, from: string): Promise<{ commit: string; changed: boolean; diff: DiffStat }>;
  /** Resets `worktree` and its branch to `commit`, removing untracked and ignored files. */
  resetWorktree(worktree: string, commit: string): Promise<void>;
  diffStat(from: string, to: string): Promise<DiffStat>;
  /** Restores an attempt worktree's `.git` link and HEAD (on `branch`) that its agent changed; returns what was restored. */
  reclaimWorktree(worktree: string, branch: string): Promise<string[]>;
  /** The symlinks of `commit` among `paths` (directories include what is below them), with their targets. */
  symlinksAt(commit: string, paths: readonly string[]): Promise<TreeSymlink[]>;
  /** Paths changed between two commits (as git names them) that match any protected glob (relative to the project folder). */
  protectedViolations(from: string, to: string, globs: string[]): Promise<string[]>;
  /** The content of `file` at `commit`, or null when the file (or commit) does not exist there. */
  showFile(commit: string, file: string): Promise<string | null>;
  /** The content of `relPath` at `commit`, or why it cannot be read (git's reason). */
  readFileAt(commit: string, relPath: string): Promise<FileAt>;
  /** The text of each file at its commit (null where that commit has no such file), in one read. */
  readFiles(files: readonly FileRef[]): Promise<Array<string | null>>;
  /**
   * In one read: the entries at the top of `commit`'s tree (`<mode> <id>\t<name>`, a subtree's id
   * standing for its content; null: none) and the text of each of `files` as `readFiles` gives it;
   * with `trees` (folders of `commit`), the entries of each, null where it is no folder.
   */
  readTreeAndFiles(commit: string | null, files: readonly FileRef[], trees?: readonly string[]): Promise<{ topLevel: string[]; texts: Array<string | null>; subtrees: Array<string[] | null> }>;
  /**
   * Commits `entry` appended to findings.md on `branch`, on top of `onto`, without touching any
   * worktree; returns the new commit.
   */
  commitFindings(p: { branch: string; onto: string; entry: string; subject: string; trailers: Trailers }): Promise<string>;
  /** Adds a worktree at `worktreePath` for an existing branch. */
  checkoutAttempt(branch: string, worktreePath: string): Promise<void>;
  /** A worktree on a detached HEAD at `commit` (no branch). */
  addDetachedWorktree(worktreePath: string, commit: string): Promise<void>;
  /** Removes a worktree (its branch stays); an already-missing directory is pruned. */
  removeWorktree(worktreePath: string): Promise<void>;
  /** How attempts' worktrees are made: reused from a pool, sparse (`workspace.pool`, `workspace.sparse`). */
  configureWorktrees(settings: { pool: boolean; sparse: readonly string[] }): void;
  /** Takes back an attempt's worktree for the next attempt (or removes it without a pool); its branch stays. */
  releaseWorktree(worktreePath: string): Promise<void>;
  /** Removes the idle worktrees kept for later attempts (the end of a run). */
  drainWorktrees(): Promise<void>;
  /** Clears stale locks and removes every attempt worktree not in `keep`; returns the removed paths. */
  cleanupWorktrees(keep: Set<string>, options?: { staleLockMs?: number }): Promise<string[]>;
  /** Removes lock files a killed process left; returns them. */
  clearStaleLocks(): Promise<string[]>;
  branchExists(branch: string): Promise<boolean>;
  /** Local branch names starting with `prefix`. */
  listBranches(prefix: string): Promise<string[]>;
  /** Deletes a branch even if it is not merged; a missing branch is not an error. */
  deleteBranch(branch: string): Promise<void>;
}
