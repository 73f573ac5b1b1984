import { join } from 'node:path';

/** Where swarm keeps its state inside the target repository. */
export interface ProjectPaths {
  root: string;
  swarmDir: string;
  dbFile: string;
  worktreesDir: string;
  logsDir: string;
  binDir: string;
  /** GPU lock files shared by the Shepherd's and the agents' evaluations. */
  gpuLocksDir: string;
}

export const projectPaths = (root: string): ProjectPaths => {
  const swarmDir = join(root, '.swarm');
  return {
    root,
    swarmDir,
    dbFile: join(swarmDir, 'swarm.db'),
    worktreesDir: join(swarmDir, 'worktrees'),
    logsDir: join(swarmDir, 'logs'),
    binDir: join(swarmDir, 'bin'),
    gpuLocksDir: join(swarmDir, 'gpu-locks'),
  };
};

export const attemptLogDir = (paths: ProjectPaths, attemptId: string): string => join(paths.logsDir, attemptId);
export const attemptWorktree = (paths: ProjectPaths, attemptId: string): string => join(paths.worktreesDir, attemptId);
