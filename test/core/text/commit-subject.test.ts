import { describe, expect, it } from 'vitest';
import { commitSubject } from '../../../src/core/text/commit-subject.js';

describe('commitSubject', () => {
  it('keeps a short first line as it is', () => {
    expect(commitSubject('Place circles on a hex grid\n\nmore text')).toBe('Place circles on a hex grid');
  });

  it('cuts a long line at the last word boundary within 72 characters, with an ellipsis', () => {
    const text = 'Replace the greedy placement with a simulated annealing schedule that perturbs radii and centres jointly';
    const subject = commitSubject(text);
    expect(subject.length).toBeLessThanOrEqual(72);
    expect(subject).toBe('Replace the greedy placement with a simulated annealing schedule that…');
    expect(text.startsWith(subject.slice(0, -1))).toBe(true);
  });

  it('cuts a single over-long word hard, and drops trailing punctuation before the ellipsis', () => {
    expect(commitSubject('x'.repeat(100))).toBe(`${'x'.repeat(71)}…`);
    expect(commitSubject(`${'word '.repeat(13)}tail, and more words here`, 72)).toMatch(/[a-z]…$/);
  });
});
