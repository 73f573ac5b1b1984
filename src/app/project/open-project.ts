import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ConfigOverrides, LoadedConfig } from '../../config-assembly/index.js';
import type { RunQueries, StoreHandle, Workspace } from '../../core/ports/index.js';
import { SwarmStore } from '../../store/swarm-store.js';
import { projectPaths, type ProjectPaths } from './project-paths.js';

/** The store a command opens: its reads and writes (`RunQueries`) and its close (`StoreHandle`). */
export type ProjectStore = RunQueries & StoreHandle;

/**
 * How the store is opened: `existing` (read-write, the file must exist: a command on recorded
 * runs), `create` (read-write, created when missing: `swarm spawn`), `reading` (a short-lived read
 * command: the file read through a memory map), `driver` (the process that drives a run: a small
 * page cache; created when missing).
 */
export type StoreMode = 'existing' | 'create' | 'reading' | 'driver';

export interface OpenProjectOptions {
  /** `--config`: a config file other than the project's `.swarmrc.json`. */
  configFile?: string;
  /** How `store()` opens the store (default `existing`). */
  store?: StoreMode;
}

/**
 * One project, opened once: where it is, its config and its store, handed out as ports. The
 * config and the store are opened when first asked for (a rejected command leaves no `.swarm/`
 * behind, and a command that needs neither pays for neither), then the same ones are handed out.
 */
export interface Project {
  readonly workspace: Workspace;
  /** `.swarm/` of the project (without `workspace.dir`: see `projectPaths` for the worktrees there). */
  readonly paths: ProjectPaths;
  /**
   * The paths of a run under `workspace.dir` (null: `.swarm/`), with the workspace's attempt
   * worktrees placed there: a driver's, before any worktree is made.
   */
  placeWorktrees(workspaceDir: string | null): ProjectPaths;
  /** The project's config, loaded on the first call (with that call's overrides). */
  config(overrides?: ConfigOverrides): Promise<LoadedConfig>;
  /** The store, opened on the first call in the mode given to `openProject`. */
  store(): ProjectStore;
  /** The store when its file exists, else null (nothing is created). */
  storeIfExists(): ProjectStore | null;
  /** Closes the store if it was opened; the project is not used after. */
  close(): void;
}

/** Opens the store file `dbFile` as `mode` says: the one place swarm opens `SwarmStore`. */
export const openStoreFile = (dbFile: string, mode: StoreMode): ProjectStore => {
  switch (mode) {
    case 'existing':
      return SwarmStore.open(dbFile, { mustExist: true });
    case 'create':
      return SwarmStore.open(dbFile);
    case 'reading':
      return SwarmStore.openForReading(dbFile);
    case 'driver':
      return SwarmStore.openForDriver(dbFile);
  }
};

/**
 * The one way into a project: the repository around `cwd` (git top level, or the package folder of
 * a subfolder project), its `.swarm/` paths, and, when asked, its config and its store. Every
 * command and both run drivers start here; `status --json` has its own path (see
 * `app/queries/status-json.ts`: a bundle built without zod).
 */
export const openProject = async (cwd: string, options: OpenProjectOptions = {}): Promise<Project> => {
  // Loaded on demand: `status` and `graph` usually find the database without git.
  const { GitWorkspace } = await import('../../workspace/index.js');
  const workspace = await GitWorkspace.open(cwd, options.configFile === undefined ? {} : { config: options.configFile });
  const paths = projectPaths(workspace.projectDir);
  let loaded: Promise<LoadedConfig> | null = null;
  let store: ProjectStore | null = null;
  const openStore = (): ProjectStore => {
    store ??= openStoreFile(paths.dbFile, options.store ?? 'existing');
    return store;
  };
  return {
    workspace,
    paths,
    placeWorktrees: (workspaceDir) => {
      const placed = projectPaths(workspace.projectDir, workspaceDir);
      workspace.placeWorktrees(placed.worktreesDir);
      return placed;
    },
    config: (overrides) => {
      loaded ??= import('../../config-assembly/index.js').then(({ loadConfig }) => loadConfig(workspace.projectDir, { ...workspace.configOption(), ...(overrides === undefined ? {} : { overrides }) }));
      return loaded;
    },
    store: openStore,
    storeIfExists: () => (store !== null || existsSync(paths.dbFile) ? openStore() : null),
    close: () => store?.close(),
  };
};

/**
 * The store of the project around `cwd` for a command that only reads (status, graph, plot, …),
 * found by walking up to the nearest `.swarm/swarm.db` (no git process: they start faster);
 * outside any run it falls back to locating the repository, for the precise error.
 */
export const openRunStore = async (cwd: string): Promise<ProjectStore> => {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = projectPaths(dir).dbFile;
    if (existsSync(candidate)) return openStoreFile(candidate, 'reading');
    if (dirname(dir) === dir) break;
  }
  return (await openProject(cwd)).store();
};

/** The project around `cwd` with its store open (it must exist), for a command on recorded runs. */
export const openProjectStore = async (cwd: string, configFile?: string): Promise<{ project: Project; store: ProjectStore; paths: ProjectPaths; workspace: Workspace }> => {
  const project = await openProject(cwd, configFile === undefined ? {} : { configFile });
  return { project, store: project.store(), paths: project.paths, workspace: project.workspace };
};
