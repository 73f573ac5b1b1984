import { describe, expect, it } from 'vitest';
import { outcomeText } from '../../../src/app/attempt/launch-attempt.js';

describe('the progress line of an attempt that ended', () => {
  it('gives the score of a scored attempt', () => {
    expect(outcomeText({ status: 'scored', score: 2.5, reason: null, error: null }, 'sum_radii')).toBe('sum_radii = 2.5');
  });

  it('gives the reason, else the error, after the status', () => {
    expect(outcomeText({ status: 'failed', score: null, reason: 'agent timed out', error: 'x' }, 'm')).toBe('failed: agent timed out');
    expect(outcomeText({ status: 'invalid', score: null, reason: null, error: 'no JSON' }, 'm')).toBe('invalid: no JSON');
  });

  it('ends at the status when there is no reason (an attempt a full disk interrupted), not at a dangling colon', () => {
    expect(outcomeText({ status: 'interrupted', score: null, reason: '', error: null }, 'm')).toBe('interrupted');
    expect(outcomeText({ status: 'interrupted', score: null, reason: null, error: null }, 'm')).toBe('interrupted');
    expect(outcomeText({ status: 'interrupted', score: null, reason: '', error: 'aborted' }, 'm')).toBe('interrupted: aborted');
  });
});
