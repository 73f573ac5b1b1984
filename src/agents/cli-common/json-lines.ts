import type { z } from 'zod';

export interface ParsedLines<T> {
  events: T[];
  /** Lines that were not JSON objects or did not match the event schema: skipped, not fatal. */
  malformed: number;
}

/**
 * Parses a JSONL stream line by line with `schema`. A malformed line (a truncated write, a
 * warning printed to stdout) is skipped and counted, so one bad line never loses the transcript.
 */
export const parseJsonLines = <T>(text: string, schema: z.ZodType<T>): ParsedLines<T> => {
  const events: T[] = [];
  let malformed = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed += 1;
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) events.push(parsed.data);
    else malformed += 1;
  }
  return { events, malformed };
};
