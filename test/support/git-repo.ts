import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const IDENTITY = ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', '-c', 'commit.gpgsign=false'];

/** The environment of fixture git calls, without any GIT_* variable inherited from a calling git hook. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));

/** Runs git synchronously in `cwd` with a fixed identity; returns its stdout as printed. */
export const gitOutput = (cwd: string, ...args: string[]): string =>
  execFileSync('git', [...IDENTITY, ...args], { cwd, encoding: 'utf8', env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs git synchronously in `cwd` with a fixed identity; returns trimmed stdout. */
export const git = (cwd: string, ...args: string[]): string => gitOutput(cwd, ...args).trim();

export const writeFiles = (dir: string, files: Record<string, string>): void => {
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
};

/** Writes `files`, commits everything, returns the new commit's sha. */
export const commitFiles = (dir: string, files: Record<string, string>, message = 'change'): string => {
  writeFiles(dir, files);
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '--allow-empty', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
};

export const BASELINE_FILES: Record<string, string> = {
  'solve.py': 'def solve():\n    return 1\n\n\nprint(solve())\n',
  'evaluate.py': 'import json\nprint(json.dumps({"score": 1}))\n',
  'data/input.txt': '1 2 3\n',
  'README.md': '# program\n',
};

export interface TempRepo {
  dir: string;
  baseline: string;
  cleanup: () => void;
}

/**
 * The one builder of test repositories: a fresh repository in a temp dir (realpath) with one
 * commit of `files` on `main` (the workspace tests' small program by default; toy-repo.ts builds
 * the CLI tests' toy project with it).
 */
export const makeRepo = (files: Record<string, string> = BASELINE_FILES, prefix = 'swarm-ws-'): TempRepo => {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  git(dir, 'init', '--quiet', '--initial-branch=main');
  const baseline = commitFiles(dir, files, 'baseline');
  return { dir, baseline, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};

/** An empty temp directory (not a repository). */
export const makeTempDir = (): { dir: string; cleanup: () => void } => {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'swarm-ws-plain-')));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};
