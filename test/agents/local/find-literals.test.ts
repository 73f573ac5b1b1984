import { describe, expect, it } from 'vitest';
import { findLiterals } from '../../../src/agents/local/find-literals.js';
import { findRegions } from '../../../src/core/code/evolve-regions.js';

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

  it('leaves index and slice bounds alone, whatever they hold, but not list displays', () => {
    expect(texts('lo = bounds[0]; hi = bounds[1] * 2.5; last = xs[-1]', 'p.py', '#')).toEqual(['2.5']);
    expect(texts('part = xs[1:3]; grid[i + 1][j - 2] = 0.5; row = m[:, 0]', 'p.py', '#')).toEqual(['0.5']);
    expect(texts('y = f(x)[2] + g()[0][1] + "ab"[1] + d[k][int(n * 0.5)]', 'p.py', '#')).toEqual([]);
    expect(texts('w = [0.1, 0.2]; v = (3, [4, 5]); return [6]; ok = x in [7, 8]', 'p.py', '#')).toEqual(['0.1', '0.2', '3', '4', '5', '6', '7', '8']);
    expect(texts('const a = arr[3] + [4][0] + m.get(5);')).toEqual(['4', '5']);
  });

  it('leaves range() arguments alone: they count things', () => {
    expect(texts('for i in range(26):\n    x = i * 0.3', 'p.py', '#')).toEqual(['0.3']);
    expect(texts('for i in range(n - 1, 0, -1): pass\nk = len(range(2)) + 7', 'p.py', '#')).toEqual(['7']);
    expect(texts('pts = [(0.5, 1.5) for _ in range(3)]', 'p.py', '#')).toEqual(['0.5', '1.5']);
  });

  it('skips numbers inside f-strings, byte strings and raw strings', () => {
    expect(texts('s = f"{x:.3f} {y[0]}"; b = b"12"; r = r\'3\'; n = 4', 'p.py', '#')).toEqual(['4']);
  });
});
