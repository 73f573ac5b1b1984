import { formatScore, type Direction } from '../domain/score.js';
import { stripControl } from '../text/terminal-text.js';

/** One idea of a run and how it did. */
export interface DigestIdea {
  id: string;
  hypothesis: string;
  score: number | null;
  /** Gain over the run's baseline in the objective's direction (positive = better); null when unscored. */
  gain: number | null;
  /** `scored`, `invalid`, `failed`, or a flag that withheld credit (e.g. `infeasible:latency<=5`). */
  outcome: string;
}

/** What the digest says about one run. */
export interface RunDigest {
  id: string;
  createdAt: number;
  status: string;
  stopReason: string | null;
  metric: string;
  direction: Direction;
  baseline: number | null;
  best: { id: string; score: number } | null;
  counts: { scored: number; invalid: number; failed: number };
  /** Ideas that beat the baseline, best first. */
  worked: DigestIdea[];
  /** Ideas that did not (most recent first). */
  didNot: DigestIdea[];
  /** Where its population came from (`r1/a7`), when it was started with --from. */
  importedFrom: string[];
}

const MAX_LINE = 160;
const WORKED = 5;
const DID_NOT = 8;
/** The runs the digest keeps: the newest first; an older run's lessons are in the newer ones' imports. */
export const DIGEST_RUNS = 5;

const line = (text: string): string => {
  const flat = stripControl(text).replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE - 1)}…` : flat;
};

const gainText = (idea: DigestIdea): string => (idea.gain === null ? '' : ` (${idea.gain >= 0 ? '+' : ''}${formatScore(idea.gain)} vs baseline)`);

const runSection = (run: RunDigest): string[] => {
  const lines = [`## Run ${run.id} (${new Date(run.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC, ${run.status})`, ''];
  const best = run.best === null ? 'nothing scored' : `best ${run.best.id} ${run.metric} = ${formatScore(run.best.score)}`;
  const gain = run.best !== null && run.baseline !== null ? `, ${formatScore(run.direction === 'maximize' ? run.best.score - run.baseline : run.baseline - run.best.score)} better than the baseline` : '';
  lines.push(`- Objective: ${run.direction} ${run.metric}; baseline ${formatScore(run.baseline)}; ${best}${gain}.`);
  lines.push(`- Attempts: ${run.counts.scored} scored, ${run.counts.invalid} invalid, ${run.counts.failed} failed.${run.stopReason ? ` Stopped: ${line(run.stopReason)}.` : ''}`);
  if (run.importedFrom.length > 0) lines.push(`- Started from ${run.importedFrom.join(', ')}.`);
  if (run.worked.length > 0) {
    lines.push('- What worked:');
    for (const idea of run.worked.slice(0, WORKED)) lines.push(`  - ${idea.id}: ${line(idea.hypothesis)} → ${formatScore(idea.score)}${gainText(idea)}`);
  }
  if (run.didNot.length > 0) {
    lines.push('- Tried without gain:');
    for (const idea of run.didNot.slice(0, DID_NOT)) lines.push(`  - ${idea.id}: ${line(idea.hypothesis)} → ${idea.outcome === 'scored' ? formatScore(idea.score) : idea.outcome}${gainText(idea)}`);
  }
  lines.push('');
  return lines;
};

/**
 * The project's memory across runs (`.swarm/memory.md`): for the newest runs, what was tried,
 * what worked and by how much. Facts only, like findings.md: later Shepherds and explorers read it
 * (shepherd.memory) to build on what worked and not to repeat what did not.
 */
export const formatProjectDigest = (runs: readonly RunDigest[]): string => {
  const newest = [...runs].sort((a, b) => b.createdAt - a.createdAt).slice(0, DIGEST_RUNS);
  const header = ['# swarm memory', '', 'Written by swarm at the end of every run: what earlier runs of this project tried, what worked and by how much (newest first).', ''];
  return `${[...header, ...newest.flatMap(runSection)].join('\n').trimEnd()}\n`;
};
