import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { checkoutTopLevel } from './checkout-top-level.js';
import { locateRepo, type RepoLocation } from './locate-repo.js';

/** The name of the config file that marks a project folder. */
export const PROJECT_CONFIG_NAME = '.swarmrc.json';

/** A swarm project: a folder of a repository with its own config and `.swarm/` state. */
export interface ProjectLocation extends RepoLocation {
  /** The project folder relative to the repository root, `/`-separated; '' for the root itself. */
  subdir: string;
  /** The project folder in the main checkout: where the config, the prompt and `.swarm/` live. */
  projectDir: string;
  /** The `--config` file, absolute (resolved against the working directory); null: the project's `.swarmrc.json`. */
  configFile: string | null;
}

const toPosix = (p: string): string => p.split(path.sep).join('/');

const inside = (parent: string, child: string): boolean => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The nearest folder from `start` up to `top` (both absolute, real) that holds a `.swarmrc.json`; null when none does. */
const nearestConfigDir = (start: string, top: string): string | null => {
  for (let dir = start; inside(top, dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, PROJECT_CONFIG_NAME))) return dir;
    if (dir === top) break;
  }
  return null;
};

/**
 * The project around `cwd`: the nearest `.swarmrc.json` walking up from `cwd` to the top of its
 * checkout (or the folder of `--config`, resolved against `cwd`). In an attempt's worktree the
 * same folder of the main checkout is the project, so `swarm eval` there finds the run's state.
 * Without any config the project is the repository root (the loader then names what is missing).
 */
export const locateProject = async (cwd: string, configFlag?: string): Promise<ProjectLocation> => {
  const repo = await locateRepo(cwd);
  const real = await realpath(path.resolve(cwd)).catch(() => path.resolve(cwd));
  const top = await checkoutTopLevel(real);
  const configFile = configFlag === undefined ? null : path.resolve(cwd, configFlag);
  let folder: string | null;
  if (configFile !== null) {
    const configDir = await realpath(path.dirname(configFile)).catch(() => path.dirname(configFile));
    // A config in this checkout, or in the main checkout (a run's own config, seen from a worktree).
    const base = [top, repo.root].find((checkout) => inside(checkout, configDir));
    folder = base === undefined ? null : toPosix(path.relative(base, configDir));
  } else {
    const found = nearestConfigDir(real, top);
    folder = found === null ? null : toPosix(path.relative(top, found));
  }
  const subdir = folder ?? '';
  return { ...repo, subdir, projectDir: subdir === '' ? repo.root : path.join(repo.root, subdir), configFile };
};

/** A path relative to the project folder as git names it: relative to the repository root. */
export const repoPath = (subdir: string, projectPath: string): string => {
  const clean = projectPath.replace(/^\.\//, '');
  return subdir === '' ? clean : clean === '' || clean === '.' ? subdir : `${subdir}/${clean}`;
};

/** Globs relative to the project folder, as globs over repository paths. */
export const repoGlobs = (subdir: string, globs: readonly string[]): string[] => globs.map((glob) => repoPath(subdir, glob));

/** The top of the checkout whose project folder is `folder` (`subdir` levels up). */
export const checkoutRootOf = (folder: string, subdir: string): string =>
  subdir === '' ? folder : path.resolve(folder, ...subdir.split('/').map(() => '..'));
