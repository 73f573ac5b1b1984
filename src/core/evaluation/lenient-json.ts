import { z } from 'zod';

/** Prefix of the string that stands in for a bare `NaN` / `Infinity` token after {@link parseJsonObject}. */
export const NON_FINITE_MARK = '\u0000swarm-non-finite:';

const NON_FINITE_TOKENS = ['-Infinity', 'Infinity', 'NaN'] as const;

const jsonObject = z.record(z.string(), z.unknown());

export type JsonObjectParse =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: string };

/**
 * Parses text as one JSON object. Python's `json.dumps` prints `NaN`, `Infinity` and `-Infinity`
 * as bare tokens, which JSON.parse rejects; they are replaced (outside strings) by a marker string
 * `NON_FINITE_MARK + token`, so callers can name the offending key instead of losing the line.
 */
export const parseJsonObject = (text: string): JsonObjectParse => {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { ok: false, error: 'not a JSON object' };
  const source = /NaN|Infinity/.test(trimmed) ? markNonFinite(trimmed) : trimmed;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const parsed = jsonObject.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: 'not a JSON object' };
};

/** The non-finite token a marked value stands for, or null when the value is not a marker. */
export const nonFiniteToken = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith(NON_FINITE_MARK) ? value.slice(NON_FINITE_MARK.length) : null;

const markNonFinite = (text: string): string => {
  let out = '';
  let inString = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      i += 1;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      i += 1;
      continue;
    }
    const token = NON_FINITE_TOKENS.find((t) => text.startsWith(t, i) && !isWordChar(text[i + t.length]));
    if (token !== undefined && !isWordChar(text[i - 1])) {
      out += JSON.stringify(NON_FINITE_MARK + token);
      i += token.length;
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
};

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[A-Za-z0-9_.]/.test(ch);
