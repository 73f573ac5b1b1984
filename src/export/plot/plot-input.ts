import type { AttemptRow, GraphInput } from '../../core/views/report.js';

/** Attempt ids in numeric order (a9 before a10); one collator, not one per comparison. */
const ATTEMPT_IDS = new Intl.Collator('en', { numeric: true });

/** Tokens and cost one attempt's backend reported. */
export interface AttemptUsage {
  id: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** What the plots draw: the run, its attempts and the usage their backends reported. */
export interface PlotInput {
  run: GraphInput['run'];
  attempts: AttemptRow[];
  usage: AttemptUsage[];
}

/** Finished attempts (running ones left out) in the order they finished, ties by id. */
export const finishedInOrder = (attempts: readonly AttemptRow[]): AttemptRow[] =>
  attempts
    .filter((row) => row.status !== 'running' && row.finishedAt !== null)
    .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || ATTEMPT_IDS.compare(a.id, b.id));
