import type { SwarmConfig } from '../../config-assembly/index.js';
import { isSwarmError } from '../../core/domain/errors.js';
import type { Workspace } from '../../core/ports/index.js';
import { openProject } from '../project/open-project.js';
import { checkBaseline, type BaselineCheck } from './check-baseline.js';
import { checkClusterStorage } from './check-cluster-storage.js';
import { checkFreeSpace } from './check-free-space.js';
import { checkProject } from './check-project.js';
import { checkWorktreeDisk } from './check-worktree-disk.js';
import type { Problem } from './explain-failure.js';

export type { Problem } from './explain-failure.js';

export interface ProjectReport {
  /** The project's folder: the repository root, or the package folder of a subfolder project. */
  root: string;
  /** The baseline in a provisioned worktree; null when the config is unusable or the check was skipped. */
  baseline: BaselineCheck | null;
  /** Everything that would stop or break a run, each with its fix, in the order found. */
  problems: Problem[];
  warnings: Problem[];
}

/** The project half of `swarm doctor`; null outside a git repository. */
export const checkProjectSetup = async (
  cwd: string,
  project: { config: SwarmConfig; found: boolean; file: string | null; problems: string[] },
  withBaseline: boolean,
  progress?: (line: string) => void,
): Promise<ProjectReport | null> => {
  let workspace: Workspace;
  try {
    workspace = (await openProject(cwd)).workspace;
  } catch (error) {
    if (isSwarmError(error)) return null;
    throw error;
  }
  const root = workspace.root;
  const folder = workspace.projectDir;
  if (!project.found) {
    const problems = project.problems.map((line): Problem => (/^no \.swarmrc\.json|not found/.test(line)
      ? { problem: line.replace(/; run `swarm init`.*$/, ''), fix: 'run `swarm init` to write one, or pass --config <file>' }
      : { problem: `config: ${line}`, fix: 'correct that key in .swarmrc.json (docs/configuration.md lists every key with its default)' }));
    return { root: folder, baseline: null, problems, warnings: [] };
  }
  const files = await checkProject(root, project.config, project.file, workspace.subdir);
  const storage = await checkClusterStorage(workspace.projectDir, project.config);
  const space = await checkFreeSpace(root, workspace.projectDir, project.config);
  const disk = await checkWorktreeDisk(workspace.projectDir, project.config);
  const baseline = withBaseline ? await checkBaseline(workspace, project.config, undefined, progress) : null;
  return { root: folder, baseline, problems: [...files.problems, ...storage.problems, ...disk.problems, ...(baseline?.problems ?? [])], warnings: [...files.warnings, ...storage.warnings, ...disk.warnings, ...space] };
};
