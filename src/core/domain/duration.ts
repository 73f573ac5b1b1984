const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A plain number of seconds, or one or more `<number><unit>` parts (`500ms`, `90s`, `1h30m`, `1.5h`). */
export const DURATION_PATTERN = /^\s*(?:\d+(?:\.\d+)?|(?:\d+(?:\.\d+)?\s*(?:ms|s|m|h|d)\s*)+)$/;

const PART = /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/g;

const isUnit = (text: string): text is keyof typeof UNIT_MS => Object.hasOwn(UNIT_MS, text);

/**
 * Parses a duration to milliseconds: a number (or numeric string) is seconds, otherwise a sum of
 * `<number><unit>` parts with units ms, s, m, h, d. Returns null for anything else, negatives included.
 */
export const parseDuration = (text: string | number): number | null => {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? Math.round(text * 1000) : null;
  if (!DURATION_PATTERN.test(text)) return null;
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  let total = 0;
  for (const match of trimmed.matchAll(PART)) {
    const unit = match[2] ?? '';
    if (!isUnit(unit)) return null;
    total += Number(match[1]) * UNIT_MS[unit];
  }
  return Math.round(total);
};
