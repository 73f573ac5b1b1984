import { describe, expect, it } from 'vitest';
import { numberAt, valueAt } from '../../../src/agents/command/dot-path.js';

describe('dot paths', () => {
  it('walks objects and array indexes, and gives undefined or 0 for missing or non-numeric values', () => {
    const json = { a: { b: [{ c: 5 }, { c: 'x' }] } };
    expect(valueAt(json, 'a.b.0.c')).toBe(5);
    expect(valueAt(json, 'a.z')).toBeUndefined();
    expect(numberAt(json, 'a.b.1.c')).toBe(0);
    expect(numberAt(json, null)).toBe(0);
    expect(valueAt({ toString: 1 }, 'constructor')).toBeUndefined();
  });
});
