import { join } from 'node:path';

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
}

export const projectPaths = (root: string): ProjectPaths => {
  const swarmDir = join(root, SWARM_DIR_NAME);
  return {
    root,
    swarmDir,
    dbFile: join(swarmDir, 'swarm.db'),
    memoryFile: join(swarmDir, 'memory.md'),
    worktreesDir: join(swarmDir, 'worktrees'),
    logsDir: join(swarmDir, 'logs'),
    binDir: join(swarmDir, 'bin'),
    gpuLocksDir: join(swarmDir, 'gpu-locks'),
    evalSlotsDir: join(swarmDir, 'eval-slots'),
  };
};

export const attemptLogDir = (paths: ProjectPaths, attemptId: string): string => join(paths.logsDir, attemptId);
export const attemptWorktree = (paths: ProjectPaths, attemptId: string): string => join(paths.worktreesDir, attemptId);
