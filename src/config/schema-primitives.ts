import { z } from 'zod';
import { SwarmError } from '../core/domain/errors.js';
import { DURATION_PATTERN, parseDuration } from '../core/domain/duration.js';

// The union has already checked the text, so null here would be a bug in DURATION_PATTERN.
const toMs = (value: string | number): number => {
  const ms = parseDuration(value);
  if (ms === null) throw new SwarmError('INTERNAL', `the schema accepted a non-duration ${JSON.stringify(value)}`);
  return ms;
};

/** A duration: `"500ms"`, `"90s"`, `"20m"`, `"1h30m"`, or a plain number of seconds; parsed to milliseconds. */
export const durationSchema = z.union([
  z.string().regex(DURATION_PATTERN),
  z.number().nonnegative(),
]).transform(toMs);

/** A duration that must be longer than zero (timeouts: a hung process must eventually be stopped). */
export const positiveDurationSchema = durationSchema.refine((ms) => ms > 0);

export const int = (min: number, max?: number) => {
  const base = z.number().int().min(min);
  return max === undefined ? base : base.max(max);
};
