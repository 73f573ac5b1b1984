import { describe, expect, it } from 'vitest';
import { attemptsToPrune, parseKeepSpec } from '../../../src/core/attempt/keep-spec.js';

describe('prune --keep', () => {
  it('reads best, top:N, ids and mixtures', () => {
    expect(parseKeepSpec('best')).toEqual({ top: 1, ids: [] });
    expect(parseKeepSpec('top:10')).toEqual({ top: 10, ids: [] });
    expect(parseKeepSpec('a7,a9')).toEqual({ top: 0, ids: ['a7', 'a9'] });
    expect(parseKeepSpec('best, a12')).toEqual({ top: 1, ids: ['a12'] });
  });

  it('rejects what it does not understand, naming the item', () => {
    expect(() => parseKeepSpec('top:0')).toThrow(/"top:0" is not best/);
    expect(() => parseKeepSpec('bestest')).toThrow(/"bestest"/);
    expect(() => parseKeepSpec(',')).toThrow(/at least one/);
  });

  it('never prunes kept or running attempts', () => {
    const attempts = [{ id: 'a1', status: 'scored' }, { id: 'a2', status: 'running' }, { id: 'a3', status: 'failed' }, { id: 'a4', status: 'scored' }];
    expect(attemptsToPrune(attempts, new Set(['a4'])).map((a) => a.id)).toEqual(['a1', 'a3']);
  });
});
