import { describeFailingTests, failingTests, stripAnsi } from './failing-tests.js';

/** A line of feedback that says something failed (beyond the test names a runner prints). */
const NAMES_FAILURE = /\b(?:fail(?:ed|ing|ure|s)?|errors?|exception|assert(?:ion)?|panicked|not ok)\b|[✗×✖]/i;

const MAX_LINES = 4;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * What the reason of an invalid evaluation shows of an evaluator's `feedback`: its first line, and
 * when the lines after it name failures, those too — the failing tests a runner names (vitest,
 * pytest, cargo test, …), else up to four lines that say something failed — joined by " | " and
 * cut to `max` characters. A feedback whose later lines name no failure is its first line.
 */
export const feedbackSummary = (feedback: string, max = 400): string => {
  const lines = feedback.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const first = lines[0] ?? '';
  const rest = lines.slice(1);
  const tests = describeFailingTests(failingTests(rest.join('\n')), Math.max(80, max - first.length - 3));
  const naming = tests !== null ? [tests] : rest.filter((line) => NAMES_FAILURE.test(stripAnsi(line))).slice(0, MAX_LINES);
  const extra = naming.filter((line) => !first.includes(line));
  return cut([first, ...extra].join(' | '), max);
};
