/**
 * The values `swarm status --json` reads on its start-up path (status-json-reads.ts), typed by
 * hand instead of by zod: a value of another type than expected throws `StatusJsonUnreadable`, and
 * the caller then builds the report the full way.
 */

export class StatusJsonUnreadable extends Error {}

export const fail = (what: string): never => {
  throw new StatusJsonUnreadable(`unexpected ${what}`);
};
export const text = (v: unknown, what: string): string => (typeof v === 'string' ? v : fail(what));
export const textOrNull = (v: unknown, what: string): string | null => (v === null ? null : text(v, what));
export const num = (v: unknown, what: string): number => (typeof v === 'number' && Number.isFinite(v) ? v : fail(what));
export const numOrNull = (v: unknown, what: string): number | null => (v === null ? null : num(v, what));
export const int = (v: unknown, what: string): number => (Number.isInteger(v) ? (v as number) : fail(what));
export const intOrNull = (v: unknown, what: string): number | null => (v === null ? null : int(v, what));
export const rowsOf = (v: unknown[]): unknown[][] => v.map((row) => (Array.isArray(row) ? row : fail('row')));
export const bytes = (v: unknown, what: string): Buffer => (Buffer.isBuffer(v) ? v : fail(what));
