import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import type { NumericLiteral } from '../../../src/agents/local/find-literals.js';
import { applyEdits, formatFloat, mutateLiteral, pickDistinct, significantDigits } from '../../../src/agents/local/mutate.js';

const literal = (text: string): NumericLiteral => ({
  start: 0, end: text.length, text, value: Number(text), isInteger: !/[.eE]/.test(text), line: 1,
});

const draws = (text: string, mode: 'explore' | 'step', seed = 1, count = 200): string[] => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => mutateLiteral(literal(text), rng, { mode, stepScale: 0.05 }));
};

describe('mutateLiteral', () => {
  it('keeps integers integer and their sign, and always changes them', () => {
    for (const text of ['1', '26', '-3', '0', '200']) {
      for (const mode of ['explore', 'step'] as const) {
        const values = draws(text, mode).map(Number);
        expect(values.every((v) => Number.isInteger(v)), `${text} ${mode}`).toBe(true);
        expect(values.every((v) => v !== Number(text))).toBe(true);
        expect(values.every((v) => Math.sign(v) === Math.sign(Number(text)) || (Number(text) === 0 && v > 0))).toBe(true);
      }
    }
  });

  it('steps small integers by one and large ones by about stepScale', () => {
    expect(new Set(draws('3', 'step').map(Number))).toEqual(new Set([2, 4]));
    const big = draws('1000', 'step').map((v) => Math.abs(Number(v) - 1000));
    expect(Math.max(...big)).toBeGreaterThan(20);
    expect(Math.max(...big)).toBeLessThan(300);
  });

  it('writes floats as floats with a sensible number of digits', () => {
    const values = draws('0.5', 'explore');
    expect(values.every((v) => /^\d+\.\d+$/.test(v) && v.replace(/^0\.0*/, '').replace('.', '').length <= 3)).toBe(true);
    expect(values.some((v) => Number(v) > 1) && values.some((v) => Number(v) < 0.3)).toBe(true);
    expect(draws('-0.25', 'explore').every((v) => Number(v) < 0)).toBe(true);
    expect(draws('2.0', 'explore').every((v) => v.includes('.'))).toBe(true);
  });

  it('keeps floats within a few percent in step mode', () => {
    const values = draws('0.5', 'step').map(Number);
    expect(values.every((v) => v !== 0.5 && Math.abs(v - 0.5) < 0.15)).toBe(true);
  });

  it('keeps exponent notation', () => {
    expect(draws('1e-3', 'explore').every((v) => /^\d(\.\d+)?e-\d+$/.test(v))).toBe(true);
    expect(formatFloat(0.000731, '1E-3', 3)).toBe('7.31E-4');
  });

  it('is deterministic for a seed and differs across seeds', () => {
    expect(draws('0.5', 'explore', 7, 20)).toEqual(draws('0.5', 'explore', 7, 20));
    expect(draws('0.5', 'explore', 7, 20)).not.toEqual(draws('0.5', 'explore', 8, 20));
  });
});

describe('helpers', () => {
  it('counts significant digits', () => {
    expect([significantDigits('0.050'), significantDigits('1e-3'), significantDigits('-120'), significantDigits('0')]).toEqual([2, 1, 3, 1]);
  });

  it('picks distinct items', () => {
    const picked = pickDistinct([1, 2, 3, 4], 3, createRng(3));
    expect(new Set(picked).size).toBe(3);
    expect(pickDistinct([1, 2], 5, createRng(3))).toHaveLength(2);
  });

  it('applies edits against the original offsets', () => {
    expect(applyEdits('a=1; b=22;', [{ start: 2, end: 3, replacement: '333' }, { start: 7, end: 9, replacement: '4' }])).toBe('a=333; b=4;');
  });
});
