import { z } from 'zod';
import { feedbackSummary } from '../core/evaluation/feedback-summary.js';
import { nonFiniteToken, parseJsonObject } from '../core/evaluation/lenient-json.js';
import { readStdoutJson } from '../core/evaluation/stdout-json.js';

/** What an evaluator reported, validated: finite numbers are metrics, reserved keys are typed. */
export interface EvaluatorReport {
  source: 'result-file' | 'stdout';
  metrics: Record<string, number>;
  /** Keys whose value was NaN / Infinity / -Infinity, with the token printed. */
  nonFinite: Record<string, string>;
  valid: boolean | null;
  feedback: string | null;
  instances: Record<string, number> | null;
  artifacts: Record<string, string> | null;
  /** Every key of the object, in order, for messages. */
  keys: string[];
  raw: Record<string, unknown>;
}

export type ParsedOutput =
  | { kind: 'report'; report: EvaluatorReport }
  | { kind: 'none' }
  | { kind: 'bad-result-file'; path: string; error: string };

export interface Verdict {
  valid: boolean;
  score: number | null;
  reason: string | null;
}

const RESERVED = new Set(['valid', 'feedback', 'instances', 'artifacts']);
const looseRecord = z.record(z.string(), z.unknown());

/**
 * Finds the evaluator's JSON object: the result file wins when it exists; otherwise the object
 * {@link readStdoutJson} finds on stdout.
 */
export const parseEvaluatorOutput = (input: {
  resultFile: { path: string; text: string } | null;
  stdout: string;
}): ParsedOutput => {
  if (input.resultFile !== null) {
    const parsed = parseJsonObject(input.resultFile.text);
    if (!parsed.ok) return { kind: 'bad-result-file', path: input.resultFile.path, error: parsed.error };
    return { kind: 'report', report: reportFromObject(parsed.value, 'result-file') };
  }
  const found = readStdoutJson(input.stdout);
  return found === null ? { kind: 'none' } : { kind: 'report', report: reportFromObject(found, 'stdout') };
};

/** Sorts the keys of a parsed object into metrics and the reserved fields. */
export const reportFromObject = (raw: Record<string, unknown>, source: EvaluatorReport['source']): EvaluatorReport => {
  const metrics: Record<string, number> = {};
  const nonFinite: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED.has(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) metrics[key] = value;
    const token = nonFiniteToken(value);
    if (token !== null) nonFinite[key] = token;
  }
  return {
    source,
    metrics,
    nonFinite,
    valid: typeof raw.valid === 'boolean' ? raw.valid : null,
    feedback: typeof raw.feedback === 'string' ? raw.feedback : null,
    instances: pickEntries(raw.instances, (v): v is number => typeof v === 'number' && Number.isFinite(v)),
    artifacts: pickEntries(raw.artifacts, (v): v is string => typeof v === 'string' && nonFiniteToken(v) === null),
    keys: Object.keys(raw),
    raw,
  };
};

/** Decides validity and score of a report for the primary metric, with a reason a user can act on. */
export const judgeReport = (report: EvaluatorReport, metric: string): Verdict => {
  const invalid = (reason: string): Verdict => ({ valid: false, score: null, reason });
  if (report.valid === false) {
    // Beyond its first line where the feedback names failures (the failing tests come after a headline).
    const detail = report.feedback === null ? '' : `: ${feedbackSummary(report.feedback)}`;
    return invalid(`evaluator reported valid: false${detail}`);
  }
  const token = report.nonFinite[metric];
  if (token !== undefined) return invalid(`metric "${metric}" is ${token}`);
  const score = report.metrics[metric];
  if (score !== undefined) return { valid: true, score, reason: null };
  if (Object.hasOwn(report.raw, metric)) {
    return invalid(`metric "${metric}" is not a number (got ${describe(report.raw[metric])})`);
  }
  const keys = report.keys.length === 0 ? 'no keys' : `keys: ${listKeys(report.keys)}`;
  return invalid(
    `metric "${metric}" missing from evaluator output (${keys}); print it or set the objective metric to one of them`,
  );
};

const pickEntries = <T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> | null => {
  const parsed = looseRecord.safeParse(value);
  if (!parsed.success) return null;
  const out: Record<string, T> = {};
  for (const [key, entry] of Object.entries(parsed.data)) if (keep(entry)) out[key] = entry;
  return out;
};

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `string ${JSON.stringify(firstLine(value, 40))}`;
  return typeof value;
};

const listKeys = (keys: string[]): string =>
  keys.length <= 20 ? keys.join(', ') : `${keys.slice(0, 20).join(', ')}, … ${keys.length - 20} more`;

const firstLine = (text: string, max: number): string => {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
};
