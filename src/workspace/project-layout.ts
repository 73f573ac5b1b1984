import { createHash } from 'node:crypto';
import { basename, join, resolve } from 'node:path';

/** The folder in the target repository where swarm keeps its state (git-excluded). */
export const SWARM_DIR_NAME = '.swarm';

/** Where swarm keeps its state inside the target repository: the one definition of `.swarm/`. */
export interface ProjectPaths {
  root: string;
  swarmDir: string;
  dbFile: string;
  /** The project's memory across runs (issue 32), rewritten at the end of every run. */
  memoryFile: string;
  worktreesDir: string;
  logsDir: string;
  binDir: string;
  /** GPU lock files shared by the Shepherd's and the agents' evaluations. */
  gpuLocksDir: string;
  /** Lock files of concurrency.evaluations, shared the same way. */
  evalSlotsDir: string;
  /** Prepared environments of workspace.setup, one folder per setup key. */
  setupCacheDir: string;
}

/**
 * The project's own folder under `workspace.dir` (storage a cluster's nodes share): its name and a
 * hash of its path, so two projects (or two clones of one) never share worktrees.
 */
export const sharedProjectDir = (root: string, workspaceDir: string): string => {
  const project = resolve(root);
  const hash = createHash('sha256').update(project).digest('hex').slice(0, 10);
  return join(resolve(root, workspaceDir), `${basename(project)}-${hash}`);
};

/**
 * `.swarm/` of the project at `root`; with `workspaceDir` (workspace.dir) the worktrees and the
 * `swarm` shim agents call live in the project's folder there instead, where cluster nodes see them.
 */
export const projectPaths = (root: string, workspaceDir: string | null = null): ProjectPaths => {
  const swarmDir = join(root, SWARM_DIR_NAME);
  const shared = workspaceDir === null ? null : sharedProjectDir(root, workspaceDir);
  return {
    root,
    swarmDir,
    dbFile: join(swarmDir, 'swarm.db'),
    memoryFile: join(swarmDir, 'memory.md'),
    worktreesDir: join(shared ?? swarmDir, 'worktrees'),
    logsDir: join(swarmDir, 'logs'),
    binDir: join(shared ?? swarmDir, 'bin'),
    gpuLocksDir: join(swarmDir, 'gpu-locks'),
    evalSlotsDir: join(swarmDir, 'eval-slots'),
    setupCacheDir: join(swarmDir, 'setup-cache'),
  };
};

export const attemptLogDir = (paths: ProjectPaths, attemptId: string): string => join(paths.logsDir, attemptId);
export const attemptWorktree = (paths: ProjectPaths, attemptId: string): string => join(paths.worktreesDir, attemptId);
