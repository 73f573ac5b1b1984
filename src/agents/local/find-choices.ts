import { type CommentSyntax, commentSyntaxFor } from './comment-syntax.js';
import { nonCodeAt } from './non-code.js';
import type { EvolveRegion } from '../../core/code/evolve-regions.js';

/**
 * A categorical choice: a string literal in the code of an EVOLVE-BLOCK whose value is one of the
 * strings of a list literal in the same block (`# loader: ['csv', 'json']` with `LOADER = 'csv'`).
 */
export interface ChoiceSite {
  /** Offsets in the whole file text: text.slice(start, end) === this.text. */
  start: number;
  end: number;
  /** The literal as written, quotes included. */
  text: string;
  value: string;
  quote: string;
  /** The declared alternatives in list order, the site's own value among them, each writable with `quote`. */
  alternatives: string[];
  /** 1-based line number. */
  line: number;
}

interface QuotedString {
  start: number;
  end: number;
  quote: string;
  value: string;
}

// One plain string: no escapes, no line break, no template substitution.
const STRING = String.raw`'[^'\\\n]*'|"[^"\\\n]*"|` + '`[^`\\\\\\n$]*`';
/** A list literal of two or more plain strings, in code or in a comment, on one line or several. */
const LIST = new RegExp(String.raw`\[\s*(?:(?:${STRING})\s*,\s*)+(?:${STRING})\s*,?\s*\]`, 'g');
const LIST_ITEM = new RegExp(STRING, 'g');
const WORD_CHAR = /[\p{L}\p{N}_$]/u;

/** The string literals of a region's code (comments skipped), as the numeric scanner sees them. */
const codeStrings = (text: string, region: EvolveRegion, syntax: CommentSyntax): QuotedString[] => {
  const out: QuotedString[] = [];
  const end = region.bodyEnd;
  let i = region.bodyStart;
  while (i < end) {
    const skipped = nonCodeAt(text, i, end, syntax);
    if (skipped === null) {
      i += 1;
      continue;
    }
    const close = skipped.end;
    // A prefixed string (`f'…'`, `r"…"`, a tagged template) is not a plain value.
    if (skipped.kind === 'string' && !skipped.triple && !WORD_CHAR.test(text[i - 1] ?? '') && text[close - 1] === skipped.quote && close - 1 > i) {
      out.push({ start: i, end: close, quote: skipped.quote, value: text.slice(i + 1, close - 1) });
    }
    i = close;
  }
  return out;
};

interface DeclaredList {
  start: number;
  end: number;
  values: string[];
}

const declaredLists = (text: string, region: EvolveRegion): DeclaredList[] => {
  const body = text.slice(region.bodyStart, region.bodyEnd);
  return [...body.matchAll(LIST)].map((match) => ({
    start: region.bodyStart + match.index,
    end: region.bodyStart + match.index + match[0].length,
    values: [...new Set([...match[0].matchAll(LIST_ITEM)].map((item) => item[0].slice(1, -1)))],
  }));
};

const writable = (value: string, quote: string): boolean => !value.includes(quote) && !(quote === '`' && value.includes('${'));

const lineAt = (text: string, offset: number): number => {
  let line = 1;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) line += 1;
  return line;
};

const sitesOfRegion = (text: string, region: EvolveRegion, syntax: CommentSyntax): ChoiceSite[] => {
  const lists = declaredLists(text, region);
  if (lists.length === 0) return [];
  const sites: ChoiceSite[] = [];
  for (const string of codeStrings(text, region, syntax)) {
    if (lists.some((list) => string.start >= list.start && string.end <= list.end)) continue;
    const declaring = lists.find((list) => list.values.includes(string.value));
    if (declaring === undefined) continue;
    const alternatives = declaring.values.filter((value) => writable(value, string.quote));
    if (alternatives.length < 2) continue;
    sites.push({ ...string, text: text.slice(string.start, string.end), alternatives, line: lineAt(text, string.start) });
  }
  return sites;
};

/**
 * Finds the categorical choices of the given regions: string literals in code (not comments, not
 * inside a list) whose value the first list literal of plain strings in the same region that holds
 * it declares, with that list's other strings as alternatives. Regions without such a list have none.
 */
export const findChoices = (text: string, regions: readonly EvolveRegion[], fileName = ''): ChoiceSite[] => {
  const syntax = commentSyntaxFor(fileName);
  return regions.flatMap((region) => sitesOfRegion(text, region, syntax));
};
