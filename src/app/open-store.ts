import { SwarmError } from '../core/errors.js';
import { SwarmStore } from '../store/swarm-store.js';
import type { RunRecord } from '../store/records.js';
import { GitWorkspace } from '../workspace/index.js';
import { projectPaths, type ProjectPaths } from './project-paths.js';

/** Opens the store of the repository around `cwd` for a read-mostly command. */
export const openProjectStore = async (cwd: string): Promise<{ store: SwarmStore; paths: ProjectPaths; workspace: GitWorkspace }> => {
  const workspace = await GitWorkspace.open(cwd);
  const paths = projectPaths(workspace.root);
  return { store: SwarmStore.open(paths.dbFile, { mustExist: true }), paths, workspace };
};

/** The run named by `--run`, or the latest one. */
export const selectRun = (store: SwarmStore, id?: string): RunRecord => {
  const run = id ? store.getRun(id) : store.latestRun();
  if (run) return run;
  if (id) {
    const known = store.listRuns().map((r) => r.id);
    throw new SwarmError('NOT_FOUND', `no run ${id} in this repository; known runs: ${known.join(', ') || 'none'}`);
  }
  throw new SwarmError('NOT_FOUND', 'no run recorded in this repository yet; start one with `swarm run`');
};
