import type { CommentSyntax } from './comment-syntax.js';

/** A comment or a string literal, and the offset just after it. */
export type NonCode = { kind: 'comment'; end: number } | { kind: 'string'; quote: string; triple: boolean; end: number };

const lineEndOf = (text: string, at: number, end: number): number => {
  const newline = text.indexOf('\n', at);
  return newline === -1 || newline > end ? end : newline;
};

/** Skips a quoted string starting after its opening quote; single-line strings stop at the line end. */
const skipString = (text: string, at: number, quote: string, end: number, multiline: boolean): number => {
  let i = at;
  while (i < end) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (text.startsWith(quote, i)) return i + quote.length;
    else if (c === '\n' && !multiline) return i;
    else i += 1;
  }
  return end;
};

const opensLineComment = (text: string, at: number, syntax: CommentSyntax): boolean =>
  syntax.line.some((opener) => {
    if (!text.startsWith(opener, at)) return false;
    if (!syntax.strictLineOpeners) return true;
    const after = text[at + opener.length];
    return after === undefined || /\s/.test(after);
  });

/**
 * The comment or string literal starting at `at` and where it ends (at most `end`), or null when
 * code starts there: the one skipper the numeric and the categorical scanners share.
 */
export const nonCodeAt = (text: string, at: number, end: number, syntax: CommentSyntax): NonCode | null => {
  const block = syntax.block.find(([open]) => text.startsWith(open, at));
  if (block) {
    const close = text.indexOf(block[1], at + block[0].length);
    return { kind: 'comment', end: close === -1 || close >= end ? end : close + block[1].length };
  }
  if (opensLineComment(text, at, syntax)) return { kind: 'comment', end: lineEndOf(text, at, end) };
  const triple = syntax.tripleQuotes ? ['"""', "'''"].find((q) => text.startsWith(q, at)) : undefined;
  if (triple) return { kind: 'string', quote: triple, triple: true, end: skipString(text, at + 3, triple, end, true) };
  const c = text[at];
  if (c === '"' || c === "'" || c === '`') return { kind: 'string', quote: c, triple: false, end: skipString(text, at + 1, c, end, c === '`') };
  return null;
};
