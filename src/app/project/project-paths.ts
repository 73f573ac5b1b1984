import type { ProjectPaths } from '../../workspace/project-layout.js';

// The layout itself is defined once, beside the workspace that creates worktrees in it.
export { attemptLogDir, attemptWorktree, projectPaths, type ProjectPaths } from '../../workspace/project-layout.js';

/** The runner locks of a repository: GPU lock files and the cross-process evaluation slots; and the project its cluster jobs are tagged with. */
export const runnerLocks = (paths: ProjectPaths, evaluations: number, shared: string[] = []): { project: string; gpuLockDir: string; evalSlots: { dir: string; count: number }; shared: string[] } => ({
  project: paths.root,
  gpuLockDir: paths.gpuLocksDir,
  evalSlots: { dir: paths.evalSlotsDir, count: evaluations },
  shared,
});
