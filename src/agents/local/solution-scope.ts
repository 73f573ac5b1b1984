import picomatch from 'picomatch';
import { primaryPathOf } from './plan-crossover.js';

/**
 * Which files the local agent may change: with `task.solutionFiles` set, only those (globs
 * relative to the agent's folder; a glob naming a folder covers what is below it) and the side
 * copies a merge saved beside them; without, every file (the EVOLVE-BLOCKs decide).
 */
export interface SolutionScope {
  /** Whether the agent may change the file at `relPath` (`/`-separated). */
  allows(relPath: string): boolean;
  /** Whether a file without EVOLVE-BLOCK markers is evolved as a whole (a named solution file). */
  wholeFileWhenUnmarked(relPath: string): boolean;
}

const ancestorsAndSelf = (file: string): string[] => {
  const parts = file.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
};

export const solutionScope = (globs: readonly string[] = []): SolutionScope => {
  const patterns = globs.map((glob) => glob.replace(/^\.\//, '').replace(/\/+$/, '')).filter((glob) => glob !== '');
  if (patterns.length === 0) return { allows: () => true, wholeFileWhenUnmarked: () => false };
  const isMatch = picomatch(patterns, { dot: true });
  const named = (relPath: string): boolean => ancestorsAndSelf(relPath).some((candidate) => isMatch(candidate));
  return {
    allows: (relPath) => {
      if (named(relPath)) return true;
      const primary = primaryPathOf(relPath);
      return primary !== null && named(primary);
    },
    wholeFileWhenUnmarked: named,
  };
};
