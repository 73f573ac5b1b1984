import type { AgentOutcome, AgentTask } from '../../core/ports/index.js';
import type { Rng } from '../../core/domain/random.js';
import { zeroUsage } from '../../core/domain/types.js';
import type { Transcript } from './agent-records.js';
import { type EvolveSource, type LiteralChange, toEvolveSource } from './plan-mutation.js';
import type { InspirationProgram } from './read-inspirations.js';

/** What the explorer and optimizer routines share for one attempt. */
export interface RoleContext {
  task: AgentTask;
  signal: AbortSignal;
  rng: Rng;
  sources: EvolveSource[];
  transcript: Transcript;
  stepScale: number;
  /** The declared sources' versions of the evolved files (optimizers read them; empty otherwise). */
  inspirations: InspirationProgram[];
}

/** A failed outcome that still points at the transcript. */
export const failedOutcome = (error: string, transcriptPath?: string): AgentOutcome => ({
  status: 'failed',
  summary: `local agent failed: ${error}`,
  hypothesis: null,
  usage: zeroUsage(),
  ...(transcriptPath === undefined ? {} : { transcriptPath }),
  error,
});

export const completedOutcome = (summary: string, hypothesis: string, transcriptPath: string): AgentOutcome => ({
  status: 'completed',
  summary,
  hypothesis,
  usage: zeroUsage(),
  transcriptPath,
});

/** The sources after some files were rewritten (literals re-parsed, offsets fresh). */
export const withTexts = (sources: readonly EvolveSource[], texts: ReadonlyMap<string, string>): EvolveSource[] =>
  sources.map((source) => {
    const text = texts.get(source.relPath);
    return text === undefined ? source : toEvolveSource(source.relPath, text, source.wholeFile);
  });

/** The original texts of the files a plan rewrites, to restore them. */
export const originalTexts = (sources: readonly EvolveSource[], texts: ReadonlyMap<string, string>): Map<string, string> =>
  new Map(sources.filter((source) => texts.has(source.relPath)).map((source) => [source.relPath, source.text]));

/** `pack.js:14 (0.5 -> 0.731), pack.js:20 (6 -> 8) and lib.py:3 (1 -> 2)` */
export const listChanges = (changes: readonly LiteralChange[]): string => {
  const items = changes.map((c) => `${c.file}:${c.line} (${c.from} -> ${c.to})`);
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
};

export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
