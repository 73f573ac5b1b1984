import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectKind } from './detect-project.js';
import { readPackageJson } from './detect-project.js';

/** The program `swarm init` proposes to evaluate, and why that one. */
export interface ProgramChoice {
  /** Relative to the project folder, `/`-separated; null when none was found. */
  program: string | null;
  reason: string;
  /** The program holds an EVOLVE-BLOCK: the user marked what to evolve. */
  marked?: boolean;
}

const MAX_BYTES = 1024 * 1024;
const EVALUATOR_NAMES = new Set(['evaluate.py', 'evaluate.mjs', 'evaluator.py', 'openevolve_adapter.py']);
const SOURCE = /\.(py|js|mjs|cjs|ts|rs|go|c|cc|cpp|h|hpp|java|jl|rb|lua|sh)$/;
const TEST = /(^|\/)(tests?\/|test_[^/]*$|[^/]*_test\.[a-z]+$|[^/]*\.test\.[a-z]+$)/;
const CONVENTIONAL: Partial<Record<ProjectKind, string[]>> = {
  python: ['main.py', 'solve.py', 'solution.py', 'program.py', 'run.py', 'app.py'],
  node: ['index.js', 'main.js', 'index.mjs', 'main.mjs', 'src/index.js', 'src/main.js'],
  unknown: ['main.py', 'solve.py', 'program.py', 'index.js', 'main.js'],
};

const readSmall = (dir: string, file: string): string | null => {
  const path = join(dir, file);
  try {
    return statSync(path).size > MAX_BYTES ? null : readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

const candidate = (file: string): boolean => SOURCE.test(file) && !EVALUATOR_NAMES.has(file) && !TEST.test(file) && !file.startsWith('node_modules/');

/**
 * The file of the user's code the evaluator should run, from the tracked files of the project
 * folder: the first that holds an EVOLVE-BLOCK; else package.json's `main`; else a conventional
 * name (main.py, solve.py, index.js); else the only top-level Python file with a `__main__` guard.
 */
export const findProgram = (dir: string, kind: ProjectKind, tracked: readonly string[]): ProgramChoice => {
  const sources = tracked.filter(candidate).sort();
  const marked = sources.find((file) => readSmall(dir, file)?.includes('EVOLVE-BLOCK-START') ?? false);
  if (marked !== undefined) return { program: marked, reason: 'it holds an EVOLVE-BLOCK', marked: true };
  if (kind === 'rust' || kind === 'go') return { program: null, reason: `a ${kind} project runs as a whole` };
  const main = kind === 'node' ? readPackageJson(dir).main?.replace(/^\.\//, '') : undefined;
  if (main !== undefined && tracked.includes(main)) return { program: main, reason: 'package.json names it as main' };
  const conventional = (CONVENTIONAL[kind] ?? []).find((file) => tracked.includes(file));
  if (conventional !== undefined) return { program: conventional, reason: 'its name is the usual one for a program' };
  const guarded = sources.filter((file) => !file.includes('/') && file.endsWith('.py') && /__name__\s*==\s*['"]__main__['"]/.test(readSmall(dir, file) ?? ''));
  if (guarded.length === 1 && guarded[0] !== undefined) return { program: guarded[0], reason: 'it is the only top-level script with a __main__ guard' };
  return { program: null, reason: 'no file holds an EVOLVE-BLOCK or has a usual program name' };
};

/** Checks a `--program` given by the user: a file inside the project folder. */
export const programExists = (dir: string, program: string): boolean => {
  const path = join(dir, program);
  return existsSync(path) && statSync(path).isFile();
};

const STRING = /(["'`])([^"'`\n\\]{1,200})\1/g;

/**
 * Relative paths named by string literals of `texts` that exist in `dir`: what an evaluator or a
 * program may open (`"data/points.csv"`, `'weights/model.bin'`). A static scan, so it proposes
 * rather than proves.
 */
export const pathsNamedIn = (dir: string, texts: readonly string[]): string[] => {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(STRING)) {
      const value = (match[2] ?? '').trim().replace(/^\.\//, '').replace(/\/+$/, '');
      if (value === '' || value === '.' || /\s/.test(value) || value.startsWith('/') || value.includes('://') || value.split('/').includes('..')) continue;
      if (existsSync(join(dir, value))) found.add(value);
    }
  }
  return [...found].sort();
};
