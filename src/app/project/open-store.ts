import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SwarmError } from '../../core/domain/errors.js';
import { SwarmStore } from '../../store/swarm-store.js';
import type { RunQueries, StoreHandle, Workspace } from '../../core/ports/index.js';
import type { RunRecord } from '../../store/records.js';
import { projectPaths, type ProjectPaths } from './project-paths.js';

/** The store a command opens: its reads and writes (`RunQueries`) and its close (`StoreHandle`). */
export type ProjectStore = RunQueries & StoreHandle;

/**
 * Opens the store of the repository around `cwd` for a read-mostly command. The concrete adapters
 * (`SwarmStore`, `GitWorkspace`) stay here, at the edge: callers get the ports.
 */
export const openProjectStore = async (cwd: string, configFile?: string): Promise<{ store: ProjectStore; paths: ProjectPaths; workspace: Workspace }> => {
  // Loaded on demand: `status` and `graph` usually find the database without git.
  const { GitWorkspace } = await import('../../workspace/index.js');
  const workspace = await GitWorkspace.open(cwd, configFile === undefined ? {} : { config: configFile });
  const paths = projectPaths(workspace.projectDir);
  return { store: SwarmStore.open(paths.dbFile, { mustExist: true }), paths, workspace };
};

/**
 * The run database of the repository around `cwd`, found by walking up to the nearest
 * `.swarm/swarm.db` (no git process: `status` and `graph` start faster); outside any run it falls
 * back to locating the repository, for the precise error.
 */
export const openRunStore = async (cwd: string): Promise<ProjectStore> => {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = projectPaths(dir).dbFile;
    if (existsSync(candidate)) return SwarmStore.openForReading(candidate);
    if (dirname(dir) === dir) break;
  }
  return (await openProjectStore(cwd)).store;
};

/** The run named by `--run`, or the latest one. */
export const selectRun = (store: RunQueries, id?: string): RunRecord => {
  const run = id ? store.getRun(id) : store.latestRun();
  if (run) return run;
  if (id) {
    const known = store.listRuns().map((r) => r.id);
    throw new SwarmError('NOT_FOUND', `no run ${id} in this repository; known runs: ${known.join(', ') || 'none'}`);
  }
  throw new SwarmError('NOT_FOUND', 'no run recorded in this repository yet; start one with `swarm run`');
};
