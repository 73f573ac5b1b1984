import { commentSyntaxFor } from '../../../agents/local/comment-syntax.js';
import { sameTokens } from '../../../core/code/code-tokens.js';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A file's text without comments and with whitespace collapsed, for the comments-only audit.
 * Deliberately rough (comment openers inside string literals are not recognized, Python's
 * indentation is collapsed): it only flags; whether the flagged change may reuse its parent's
 * result is decided by the exact comparison below.
 */
export const stripComments = (fileName: string, text: string): string => {
  const syntax = commentSyntaxFor(fileName);
  let out = text;
  for (const [open, close] of syntax.block) out = out.replace(new RegExp(`${escape(open)}[\\s\\S]*?${escape(close)}`, 'g'), ' ');
  if (syntax.tripleQuotes) out = out.replace(/"""[\s\S]*?"""|'''[\s\S]*?'''/g, ' ');
  for (const opener of syntax.line) {
    const pattern = syntax.strictLineOpeners ? `${escape(opener)}(?=\\s|$).*$` : `${escape(opener)}.*$`;
    out = out.replace(new RegExp(pattern, 'gm'), '');
  }
  return out.replace(/\s+/g, ' ').trim();
};

/** True when two versions of a file differ only in comments and whitespace. */
export const onlyCommentsDiffer = (fileName: string, before: string, after: string): boolean =>
  before !== after && stripComments(fileName, before) === stripComments(fileName, after);

/**
 * True when two versions of a file are the same program to its language: equal token streams
 * (`core/code/code-tokens.ts`: strings, indentation where it matters and line breaks kept). False
 * when they differ or the language has no exact tokenizer here.
 */
export const sameProgram = (fileName: string, before: string, after: string): boolean => sameTokens(fileName, before, after) === true;
