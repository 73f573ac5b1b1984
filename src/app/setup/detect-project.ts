import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export type ProjectKind = 'python' | 'node' | 'rust' | 'go' | 'unknown';
export type EvaluatorLanguage = 'python' | 'node';

/** What `swarm init` found in a project folder and proposes for its config. */
export interface ProjectKindProposal {
  kind: ProjectKind;
  /** The files that told (`pyproject.toml`, `uv.lock`), for the summary. */
  evidence: string[];
  /** Commands that prepare a fresh worktree (`workspace.setup`). */
  setup: string[];
  /** The evaluator template that fits. */
  language: EvaluatorLanguage;
  /** How the evaluator's command starts Python (`.venv/bin/python`, `uv run python`, `python3`). */
  python: string;
  /** A command that runs the whole program when no single file does (`cargo run`, `npm start`); null otherwise. */
  runCommand: string[] | null;
  /** Solution files of a project whose program is not one file (`src/**\/*.rs`). */
  solutionGlobs: string[];
  /** The checkout's own `.venv` is what the evaluator runs: share it into worktrees (workspace.link). */
  linkVenv: boolean;
  /** What the checkout itself lacks for the proposed evaluator command (a `.venv` to create), or null. */
  checkoutHint: string | null;
}

const has = (dir: string, file: string): boolean => existsSync(join(dir, file));

const packageJsonSchema = z.looseObject({ main: z.string().optional(), scripts: z.record(z.string(), z.string()).optional() });

/** package.json's `main` and `scripts`, or nothing when it is unreadable. */
export const readPackageJson = (dir: string): z.infer<typeof packageJsonSchema> => {
  try {
    const parsed = packageJsonSchema.safeParse(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

const pythonProposal = (dir: string): ProjectKindProposal => {
  const evidence = ['uv.lock', 'pyproject.toml', 'poetry.lock', 'requirements.txt', '.venv'].filter((file) => has(dir, file));
  const venv = has(dir, '.venv/bin/python');
  let setup: string[] = [];
  let python = venv ? '.venv/bin/python' : 'python3';
  let linkVenv = false;
  if (has(dir, 'uv.lock')) {
    setup = ['uv sync --frozen'];
    python = 'uv run --frozen python';
  } else if (has(dir, 'poetry.lock')) {
    setup = ['poetry install --no-interaction'];
    python = 'poetry run python';
  } else if (venv) {
    // The checkout's own environment, shared into worktrees, needs no setup.
    linkVenv = true;
  } else if (has(dir, 'requirements.txt')) {
    setup = ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -r requirements.txt'];
    python = '.venv/bin/python';
  } else if (has(dir, 'pyproject.toml')) {
    setup = ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e .'];
    python = '.venv/bin/python';
  }
  const checkoutHint = python === '.venv/bin/python' && !venv
    ? `your checkout has no .venv, and the evaluator runs .venv/bin/python: create it with \`${setup.join(' && ')}\``
    : null;
  return { kind: 'python', evidence, setup, language: 'python', python, runCommand: null, solutionGlobs: [], linkVenv, checkoutHint };
};

const nodeProposal = (dir: string): ProjectKindProposal => {
  const locks: Array<[string, string]> = [['pnpm-lock.yaml', 'pnpm install --frozen-lockfile --offline'], ['yarn.lock', 'yarn install --frozen-lockfile --offline'], ['package-lock.json', 'npm ci --prefer-offline --no-audit --no-fund']];
  const lock = locks.find(([file]) => has(dir, file));
  const pkg = readPackageJson(dir);
  const build = pkg.scripts?.build === undefined ? [] : ['npm run --silent build'];
  const install = lock?.[1] ?? 'npm install --prefer-offline --no-audit --no-fund';
  const runCommand = pkg.main === undefined && pkg.scripts?.start !== undefined ? ['npm', 'run', '--silent', 'start'] : null;
  return {
    kind: 'node', evidence: ['package.json', ...(lock ? [lock[0]] : [])], setup: [install, ...build], language: 'node', python: 'python3', runCommand,
    solutionGlobs: runCommand !== null && has(dir, 'src') ? ['src'] : [], linkVenv: false, checkoutHint: null,
  };
};

/**
 * The kind of project in `dir` from the files that define one (pyproject.toml, uv.lock,
 * requirements.txt; package.json; Cargo.toml; go.mod), and what that kind needs: the commands
 * that prepare a worktree, the evaluator template, the way to run the program.
 */
export const detectProjectKind = (dir: string): ProjectKindProposal => {
  if (['pyproject.toml', 'uv.lock', 'requirements.txt', 'setup.py', 'poetry.lock'].some((file) => has(dir, file))) return pythonProposal(dir);
  if (has(dir, 'package.json')) return nodeProposal(dir);
  if (has(dir, 'Cargo.toml')) {
    return { kind: 'rust', evidence: ['Cargo.toml'], setup: ['cargo build --release --offline'], language: 'node', python: 'python3', runCommand: ['cargo', 'run', '--release', '--offline', '--quiet'], solutionGlobs: ['src/**/*.rs'], linkVenv: false, checkoutHint: null };
  }
  if (has(dir, 'go.mod')) {
    return { kind: 'go', evidence: ['go.mod'], setup: ['go build ./...'], language: 'node', python: 'python3', runCommand: ['go', 'run', '.'], solutionGlobs: ['**/*.go'], linkVenv: false, checkoutHint: null };
  }
  const venv = has(dir, '.venv/bin/python');
  return { kind: 'unknown', evidence: [], setup: [], language: 'python', python: venv ? '.venv/bin/python' : 'python3', runCommand: null, solutionGlobs: [], linkVenv: venv, checkoutHint: null };
};
