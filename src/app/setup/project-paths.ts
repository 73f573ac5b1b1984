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
  /** Lock files of concurrency.evaluations, shared the same way. */
  evalSlotsDir: string;
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
    evalSlotsDir: join(swarmDir, 'eval-slots'),
  };
};

export const attemptLogDir = (paths: ProjectPaths, attemptId: string): string => join(paths.logsDir, attemptId);
export const attemptWorktree = (paths: ProjectPaths, attemptId: string): string => join(paths.worktreesDir, attemptId);

/** The runner locks of a repository: GPU lock files and the cross-process evaluation slots. */
export const runnerLocks = (paths: ProjectPaths, evaluations: number): { gpuLockDir: string; evalSlots: { dir: string; count: number } } => ({
  gpuLockDir: paths.gpuLocksDir,
  evalSlots: { dir: paths.evalSlotsDir, count: evaluations },
});
