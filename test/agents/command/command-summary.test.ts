import { describe, expect, it } from 'vitest';
import { summarizeCommandText } from '../../../src/agents/command/command-summary.js';

describe('the command backend summary', () => {
  it('is the last meaningful line, not a first progress line', () => {
    expect(summarizeCommandText('prompt: 1766 chars\nreading solve.py\nReplaced the bubble sort with a heap.\nHYPOTHESIS: sorting dominates\n')).toBe('Replaced the bubble sort with a heap.');
  });

  it('skips separators and markdown headings markers, falls back to the HYPOTHESIS line alone', () => {
    expect(summarizeCommandText('## Done: tuned a\n---\n')).toBe('Done: tuned a');
    expect(summarizeCommandText('HYPOTHESIS: a matters')).toBe('HYPOTHESIS: a matters');
    expect(summarizeCommandText('')).toBe('');
  });

  it('is cut to 200 characters', () => {
    expect(summarizeCommandText(`start\n${'x'.repeat(300)}`)).toHaveLength(200);
  });
});
