import type { ReadFileAt } from '../../core/ports/file-at.js';
import type { InspirationRef } from '../../core/ports/index.js';
import { type EvolveSource, toEvolveSource } from './plan-mutation.js';

/** An inspiration's version of the files the agent evolves (those it has, parsed). */
export interface InspirationProgram {
  attemptId: string;
  score: number | null;
  sources: EvolveSource[];
}

export interface InspirationReading {
  programs: InspirationProgram[];
  /** Files an inspiration could not provide, in words, for the transcript. */
  problems: string[];
}

/**
 * Reads, through the workspace's `readFile`, each inspiration's version of the given files. A file
 * missing at a commit is noted and skipped; an inspiration with none of the files is left out.
 */
export const readInspirations = async (
  readFile: ReadFileAt,
  refs: readonly InspirationRef[],
  files: ReadonlyArray<Pick<EvolveSource, 'relPath' | 'wholeFile'>>,
): Promise<InspirationReading> => {
  const programs: InspirationProgram[] = [];
  const problems: string[] = [];
  for (const ref of refs) {
    const sources: EvolveSource[] = [];
    for (const { relPath, wholeFile } of files) {
      const shown = await readFile(ref.commit, relPath);
      if (!shown.found) {
        problems.push(`${ref.attemptId} (${ref.commit.slice(0, 8)}) has no readable ${relPath}: ${shown.detail}`);
        continue;
      }
      sources.push(toEvolveSource(relPath, shown.text, wholeFile));
    }
    if (sources.length > 0) programs.push({ attemptId: ref.attemptId, score: ref.score, sources });
  }
  return { programs, problems };
};
