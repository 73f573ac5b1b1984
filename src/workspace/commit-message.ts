import { SwarmError } from '../core/domain/errors.js';
import type { Trailers } from '../core/ports/workspace.js';

export type { Trailers };

const TRAILER_KEY = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Renders trailers as `Key: value` lines; empty values are left out, multi-line values collapsed. */
export const renderTrailers = (trailers: Trailers): string[] =>
  Object.entries(trailers).flatMap(([key, value]) => {
    if (!TRAILER_KEY.test(key)) {
      throw new SwarmError('INTERNAL', `invalid git trailer key "${key}"; use letters, digits and dashes`);
    }
    const flat = oneLine(value);
    return flat === '' ? [] : [`${key}: ${flat}`];
  });

/**
 * A full commit message: subject line, optional body, and the trailers as the last paragraph,
 * where `git interpret-trailers --parse` finds them.
 */
export const renderCommitMessage = (p: { subject: string; body?: string; trailers: Trailers }): string => {
  const subject = oneLine(p.subject) || 'swarm commit';
  const body = (p.body ?? '').trim();
  const trailers = renderTrailers(p.trailers);
  const paragraphs = [subject];
  if (body !== '') paragraphs.push(body);
  if (trailers.length > 0) paragraphs.push(trailers.join('\n'));
  return `${paragraphs.join('\n\n')}\n`;
};
