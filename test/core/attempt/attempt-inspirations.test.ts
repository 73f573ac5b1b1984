import { describe, expect, it } from 'vitest';
import { bestWanted, programSources, promptInspirations } from '../../../src/core/attempt/attempt-inspirations.js';

describe('what an agent sees of other attempts', () => {
  it('shows the informed-by picks first, then the best, without parents or repeats', () => {
    const spec = { parents: ['a2'], informedBy: ['a5', 'a2'] };
    expect(promptInspirations(spec, ['a2', 'a3', 'a5', 'a4'], 3)).toEqual(['a5', 'a3', 'a4']);
  });

  it('stops at the limit and shows none when it is 0', () => {
    const spec = { parents: ['a1'], informedBy: [] };
    expect(promptInspirations(spec, ['a3', 'a4', 'a5'], 2)).toEqual(['a3', 'a4']);
    expect(promptInspirations(spec, ['a3', 'a4'], 0)).toEqual([]);
  });

  it('asks the store for enough best attempts to leave the parents out', () => {
    expect(bestWanted({ parents: ['a1', 'a2'], informedBy: [] }, 3)).toBe(5);
  });

  it('lets the agent read the programs of declared sources that are not parents, in their order', () => {
    expect(programSources({ parents: ['a1'], informedBy: ['a4', 'a1', 'a3'] })).toEqual(['a4', 'a3']);
    expect(programSources({ parents: ['a1'], informedBy: [] })).toEqual([]);
  });
});
