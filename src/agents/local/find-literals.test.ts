import { describe, expect, it } from 'vitest';
import { findLiterals } from './find-literals.js';
import { findRegions } from '../../core/code/evolve-regions.js';

const wrap = (code: string, comment = '//'): string =>
  `const outside = 5;\n${comment} EVOLVE-BLOCK-START 42\n${code}\n${comment} EVOLVE-BLOCK-END 43\nconst after = 6;\n`;

const texts = (code: string, fileName = 'program.js', comment = '//'): string[] => {
  const text = wrap(code, comment);
  return findLiterals(text, findRegions(text), fileName).map((literal) => literal.text);
};

describe('findLiterals', () => {
  it('finds integers, decimals, exponents and signed numbers, only inside regions', () => {
    expect(texts('const a = 1, b = 0.5, c = -2.25, d = 1e-3, e = .75, f = -3E+2, g = 10.;')).toEqual([
      '1', '0.5', '-2.25', '1e-3', '.75', '-3E+2', '10.',
    ]);
  });

  it('reports values, integer-ness, offsets and 1-based lines', () => {
    const text = wrap('x = 3\ny = -0.25');
    const [x, y] = findLiterals(text, findRegions(text), 'p.js');
    expect(x).toMatchObject({ value: 3, isInteger: true, line: 3 });
    expect(y).toMatchObject({ value: -0.25, isInteger: false, line: 4 });
    expect(text.slice(y?.start, y?.end)).toBe('-0.25');
  });

  it('leaves identifiers, hex, member access and binary minus alone', () => {
    expect(texts('x1 = y2 + 0x1F + t.0 + v2.3;')).toEqual([]);
    expect(texts('z = a-1; w = b - 2; q = f(-3); r = [4, -5]; return -6;')).toEqual(['1', '2', '-3', '4', '-5', '-6']);
  });

  it('keeps type suffixes out of the literal and skips unit-like words', () => {
    expect(texts('float a = 1.5f; long b = 3L; big = 10n; width = 2px;', 'x.unknown')).toEqual(['1.5', '3', '10']);
  });

  it('skips numbers in strings and comments of the file language', () => {
    expect(texts('s = "size 12"; t = \'7\'; /* 8 */ u = 9; // 10')).toEqual(['9']);
    expect(texts('n = 11  # 12\nm = "13"\n"""14\n15"""\nk = 16', 'p.py', '#')).toEqual(['11', '16']);
    expect(texts('local n = 3 -- 4\n--[[ 5\n6 ]] m = 7', 'p.lua', '--')).toEqual(['3', '7']);
  });

  it('does not treat Python floor division or C preprocessor lines as comments', () => {
    expect(texts('half = n // 2', 'p.py', '#')).toEqual(['2']);
    expect(texts('#define SIZE 26\nint k = SIZE / 2;', 'p.c', '//')).toEqual(['26', '2']);
  });

  it('handles ranges, underscores and template strings', () => {
    expect(texts('for i in 0..10 {}', 'main.rs')).toEqual(['0', '10']);
    expect(texts('N = 1_000', 'p.py', '#')).toEqual(['1_000']);
    expect(texts('s = `a ${1}\n2`; t = 3;')).toEqual(['3']);
  });

  it('never reports the numbers on marker lines', () => {
    expect(texts('')).toEqual([]);
  });
});
