import type { Rng } from '../../core/domain/random.js';
import { type ChoiceSite, findChoices } from './find-choices.js';
import { findLiterals, type NumericLiteral } from './find-literals.js';
import { type EvolveRegion, findRegions } from '../../core/code/evolve-regions.js';
import { applyEdits, mutateChoice, type MutationSettings, mutateLiteral, pickDistinct, sampleChoice, type TextEdit } from './mutate.js';

/** A file holding at least one EVOLVE-BLOCK, as text (paths relative to the worktree, `/`-separated). */
export interface EvolveSource {
  relPath: string;
  text: string;
  regionCount: number;
  /** Evolved as a whole: a named solution file without EVOLVE-BLOCK markers. */
  wholeFile: boolean;
  literals: NumericLiteral[];
  /** String literals with declared alternatives (categorical choices). */
  choices: ChoiceSite[];
}

/** The place and text of a numeric literal or a choice, as a rewrite needs it. */
export type LiteralSpan = Pick<NumericLiteral, 'start' | 'end' | 'text' | 'line'>;

/** One literal (a number or a choice) rewritten by the local agent. */
export interface LiteralChange {
  file: string;
  line: number;
  from: string;
  to: string;
}

export interface MutationPlan {
  /** New full texts of the files that change, by relative path. */
  texts: Map<string, string>;
  changes: LiteralChange[];
}

/** The whole text as one region (a solution file without markers). */
const wholeFileRegion = (text: string): EvolveRegion => ({
  startMarkerLine: 0, endMarkerLine: text.split('\n').length + 1, bodyStart: 0, bodyEnd: text.length,
});

/**
 * Parses a file's regions, literals and choices; `wholeFileWhenUnmarked`: a file without markers is
 * one region (a named solution file).
 */
export const toEvolveSource = (relPath: string, text: string, wholeFileWhenUnmarked = false): EvolveSource => {
  const marked = findRegions(text);
  const wholeFile = marked.length === 0 && wholeFileWhenUnmarked;
  const regions = wholeFile ? [wholeFileRegion(text)] : marked;
  return { relPath, text, regionCount: regions.length, wholeFile, literals: findLiterals(text, regions, relPath), choices: findChoices(text, regions, relPath) };
};

/**
 * Chooses `count` literals across all sources (numbers, then choices, as candidates) and rewrites
 * them; pure, deterministic for a seed. Without choices the draws are those of numbers alone.
 * A step (`mode: 'step'`) that picks a choice moves that one site only: alternatives have no
 * distance, so a small step on a categorical program is one site to another alternative (a
 * coordinate move), and a second change beside it would hide whether the move helped.
 */
export const planMutation = (
  sources: readonly EvolveSource[],
  count: number,
  rng: Rng,
  settings: MutationSettings,
): MutationPlan => {
  const candidates = sources.flatMap((source) => [
    ...source.literals.map((literal) => ({ source, literal, isChoice: false, draw: () => mutateLiteral(literal, rng, settings) })),
    ...source.choices.map((choice) => ({ source, literal: choice, isChoice: true, draw: () => mutateChoice(choice, rng) })),
  ]);
  const picked = pickDistinct(candidates, count, rng);
  const choice = settings.mode === 'step' ? picked.find((candidate) => candidate.isChoice) : undefined;
  const moved = choice === undefined ? picked : [choice];
  return rewriteLiterals(moved.map(({ source, literal, draw }) => ({ source, literal, replacement: draw() })));
};

/**
 * Random sampling: every site of every source drawn afresh, a choice uniformly over all its
 * declared alternatives (it may keep its value), a number as an explorer redraws it. Over the
 * choices alone, every program of the declared space is equally likely.
 */
export const planSample = (sources: readonly EvolveSource[], rng: Rng, settings: MutationSettings): MutationPlan => {
  const rewrites = sources.flatMap((source) => [
    ...source.literals.map((literal) => ({ source, literal, replacement: mutateLiteral(literal, rng, { ...settings, mode: 'explore' }) })),
    ...source.choices.map((choice) => ({ source, literal: choice, replacement: sampleChoice(choice, rng) })),
  ]);
  return rewriteLiterals(rewrites.filter(({ literal, replacement }) => replacement !== literal.text));
};

/** One literal of a source and the text that replaces it. */
export interface LiteralRewrite {
  source: EvolveSource;
  literal: LiteralSpan;
  replacement: string;
}

/** The new texts of the files the rewrites touch, and the changes sorted by file and line. */
export const rewriteLiterals = (rewrites: readonly LiteralRewrite[]): MutationPlan => {
  const editsByFile = new Map<EvolveSource, TextEdit[]>();
  const changes: LiteralChange[] = [];
  for (const { source, literal, replacement } of rewrites) {
    editsByFile.set(source, [...(editsByFile.get(source) ?? []), { start: literal.start, end: literal.end, replacement }]);
    changes.push({ file: source.relPath, line: literal.line, from: literal.text, to: replacement });
  }
  const texts = new Map<string, string>();
  for (const [source, edits] of editsByFile) texts.set(source.relPath, applyEdits(source.text, edits));
  changes.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { texts, changes };
};

/** `pack.js:14 0.5 -> 0.731; pack.js:20 6 -> 8` */
export const formatChanges = (changes: readonly LiteralChange[]): string =>
  changes.length === 0 ? 'none' : changes.map((c) => `${c.file}:${c.line} ${c.from} -> ${c.to}`).join('; ');

/** `pack.js (lines 14, 20), lib.py (line 3)` */
export const formatLocations = (changes: readonly LiteralChange[]): string => {
  const lines = new Map<string, number[]>();
  for (const change of changes) lines.set(change.file, [...(lines.get(change.file) ?? []), change.line]);
  return [...lines]
    .map(([file, numbers]) => {
      const unique = [...new Set(numbers)].sort((a, b) => a - b);
      return `${file} (line${unique.length === 1 ? '' : 's'} ${unique.join(', ')})`;
    })
    .join(', ');
};
