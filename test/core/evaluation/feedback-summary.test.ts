import { describe, expect, it } from 'vitest';
import { feedbackSummary } from '../../../src/core/evaluation/feedback-summary.js';

describe('feedbackSummary', () => {
  it('adds the failing tests named after the first line', () => {
    const feedback = 'tests failed (npm test exited with 1)\n\n FAIL  test/sum.test.js > sum > adds\nAssertionError: expected 2 to be 3\n FAIL  test/sum.test.js > sum > zero\n';
    expect(feedbackSummary(feedback)).toBe('tests failed (npm test exited with 1) | 2 failing tests: test/sum.test.js > sum > adds, test/sum.test.js > sum > zero');
  });

  it('adds lines that say something failed when no runner names tests', () => {
    expect(feedbackSummary('3 of 10 cases wrong\ncase 4: error: expected 7, got 8\nsome note\ncase 9 failed')).toBe('3 of 10 cases wrong | case 4: error: expected 7, got 8 | case 9 failed');
  });

  it('is the first line alone when the rest names no failure, and is cut to the limit', () => {
    expect(feedbackSummary('compile error')).toBe('compile error');
    expect(feedbackSummary('slow\nsee the log for details')).toBe('slow');
    expect(feedbackSummary(`${'x'.repeat(50)}\nFAILED tests/test_a.py::test_${'y'.repeat(100)}`, 80)).toHaveLength(80);
  });
});
