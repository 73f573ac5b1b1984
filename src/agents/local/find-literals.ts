import { createBracketContext } from './bracket-context.js';
import { type CommentSyntax, commentSyntaxFor } from './comment-syntax.js';
import { nonCodeAt } from './non-code.js';
import type { EvolveRegion } from '../../core/code/evolve-regions.js';

/** A numeric literal inside an EVOLVE-BLOCK, with its exact source text. */
export interface NumericLiteral {
  /** Offsets in the whole file text: text.slice(start, end) === this.text. */
  start: number;
  end: number;
  /** The number as written, including a unary minus; without a type suffix such as `f` or `n`. */
  text: string;
  value: number;
  /** Written without a decimal point or exponent. */
  isInteger: boolean;
  /** 1-based line number. */
  line: number;
}

// `(?!\.)` keeps ranges such as `0..10` as two integers.
const NUMBER = /(?:\d[\d_]*(?:\.(?!\.)[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?/y;
const WORD = /[\p{L}\p{N}_$]+/uy;
const TRAILING_WORD = /[\p{L}\p{N}_$]*/uy;
const WORD_START = /[\p{L}_$]/u;
const AFTER_OPERAND = /[\p{L}\p{N}_$)\]]/u;
/** Type suffixes that keep a literal a literal (`1.5f`, `10n`, `3L`, `2j`). */
const SUFFIXES = new Set(['f', 'F', 'd', 'D', 'l', 'L', 'u', 'U', 'ul', 'UL', 'll', 'LL', 'ull', 'ULL', 'n', 'j', 'J']);
/** After these characters or words a minus is a sign, not a subtraction. */
const UNARY_AFTER_CHARS = new Set(['', '(', '[', '{', ',', '=', ':', ';', '+', '-', '*', '/', '%', '<', '>', '!', '&', '|', '^', '?', '~']);
const UNARY_AFTER_WORDS = new Set(['return', 'case', 'yield', 'in', 'of', 'and', 'or', 'not', 'else', 'then', 'do', 'await', 'throw', 'typeof', 'lambda']);

const matchAt = (pattern: RegExp, text: string, at: number): string => {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? '';
};

/**
 * Finds the numeric literals in the code of the given regions, skipping comments and strings, and
 * literals a change would break rather than tune: index and slice bounds, `range()` arguments.
 */
export const findLiterals = (text: string, regions: readonly EvolveRegion[], fileName = ''): NumericLiteral[] => {
  const syntax = commentSyntaxFor(fileName);
  const literals: NumericLiteral[] = [];
  for (const region of regions) scanRegion(text, region, syntax, literals);
  return literals;
};

const scanRegion = (text: string, region: EvolveRegion, syntax: CommentSyntax, out: NumericLiteral[]): void => {
  const end = region.bodyEnd;
  let line = region.startMarkerLine + 1;
  let previous = '';
  let i = region.bodyStart;
  const brackets = createBracketContext();
  const advanceTo = (next: number): void => {
    for (let k = i; k < next; k += 1) if (text[k] === '\n') line += 1;
    i = next;
  };
  while (i < end) {
    const c = text[i] ?? '';
    const skipped = nonCodeAt(text, i, end, syntax);
    if (skipped) {
      advanceTo(skipped.end);
      if (skipped.kind === 'string') previous = 'string';
    } else if (c === '\n') {
      advanceTo(i + 1);
      previous = '';
    } else if (/\s/.test(c)) {
      i += 1;
    } else if (WORD_START.test(c)) {
      previous = matchAt(WORD, text, i);
      i += previous.length;
    } else if (startsNumber(text, i) || (c === '-' && startsNumber(text, i + 1) && isUnary(previous))) {
      const signed = c === '-';
      const digitsAt = signed ? i + 1 : i;
      const numberText = matchAt(NUMBER, text, digitsAt);
      const suffix = matchAt(TRAILING_WORD, text, digitsAt + numberText.length);
      if ((suffix === '' || SUFFIXES.has(suffix)) && !isMemberAccess(text, digitsAt) && !brackets.structural()) {
        const literalText = text.slice(i, digitsAt + numberText.length);
        out.push({
          start: i,
          end: i + literalText.length,
          text: literalText,
          value: Number(literalText.replaceAll('_', '')),
          isInteger: !/[.eE]/.test(numberText),
          line,
        });
      }
      previous = '0';
      i = digitsAt + numberText.length + suffix.length;
    } else {
      brackets.feed(c, previous);
      previous = c;
      i += 1;
    }
  }
};

const startsNumber = (text: string, at: number): boolean => {
  const c = text[at] ?? '';
  if (c >= '0' && c <= '9') return true;
  return c === '.' && /\d/.test(text[at + 1] ?? '') && !AFTER_OPERAND.test(text[at - 1] ?? '') && text[at - 1] !== '.';
};

/** `t.0` (a tuple field) or the `3` of `1.2.3`: digits glued to a preceding `x.`. */
const isMemberAccess = (text: string, at: number): boolean =>
  text[at - 1] === '.' && AFTER_OPERAND.test(text[at - 2] ?? '');

const isUnary = (previous: string): boolean =>
  UNARY_AFTER_CHARS.has(previous) || UNARY_AFTER_WORDS.has(previous);
