import { describe, expect, it } from 'vitest';
import { needsConfirmation } from '../../../src/core/attempt/attempt-confirm.js';

describe('confirmation of a new best', () => {
  it('confirms a valid score that beats the incumbent, in either direction', () => {
    expect(needsConfirmation({ valid: true, score: 0.9 }, 0.8, 2, 'maximize')).toBe(true);
    expect(needsConfirmation({ valid: true, score: 0.7 }, 0.8, 2, 'minimize')).toBe(true);
  });

  it('confirms the first scored attempt when there is no incumbent', () => {
    expect(needsConfirmation({ valid: true, score: 0.1 }, null, 1, 'maximize')).toBe(true);
  });

  it('does not confirm a tie, a worse score, an invalid result or with confirm 0', () => {
    expect(needsConfirmation({ valid: true, score: 0.8 }, 0.8, 2, 'maximize')).toBe(false);
    expect(needsConfirmation({ valid: true, score: 0.7 }, 0.8, 2, 'maximize')).toBe(false);
    expect(needsConfirmation({ valid: false, score: null }, null, 2, 'maximize')).toBe(false);
    expect(needsConfirmation({ valid: true, score: 0.9 }, 0.8, 0, 'maximize')).toBe(false);
  });
});
