import { commentSyntaxFor } from '../../../agents/local/comment-syntax.js';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A file's text without comments and with whitespace collapsed, for the comments-only audit.
 * Deliberately simple (comment openers inside string literals are not recognized): the audit only
 * flags, it never decides a score.
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
