import { describe, expect, it } from 'vitest';
import { findRegions } from '../../../src/core/code/evolve-regions.js';

const body = (text: string, index = 0): string => {
  const region = findRegions(text)[index];
  if (region === undefined) throw new Error('no region');
  return text.slice(region.bodyStart, region.bodyEnd);
};

describe('findRegions', () => {
  it.each([
    ['#', '# EVOLVE-BLOCK-START\nx = 1\n# EVOLVE-BLOCK-END\n'],
    ['//', '// EVOLVE-BLOCK-START\nconst x = 1;\n// EVOLVE-BLOCK-END\n'],
    ['/* */', '/* EVOLVE-BLOCK-START */\nint x = 1;\n/* EVOLVE-BLOCK-END */\n'],
    ['--', '-- EVOLVE-BLOCK-START\nlocal x = 1\n-- EVOLVE-BLOCK-END\n'],
  ])('finds a region marked with %s comments', (_style, text) => {
    const regions = findRegions(`head 7\n${text}tail 9\n`);
    expect(regions).toHaveLength(1);
    expect(regions[0]).toMatchObject({ startMarkerLine: 2, endMarkerLine: 4 });
    expect(body(`head 7\n${text}tail 9\n`)).toMatch(/^\S.* = 1;?\n$/);
  });

  it('finds several regions in one file, with CRLF line ends', () => {
    const text = 'a\r\n# EVOLVE-BLOCK-START\r\nb = 2\r\n# EVOLVE-BLOCK-END\r\nc\r\n# EVOLVE-BLOCK-START\r\nd = 3\r\n# EVOLVE-BLOCK-END\r\n';
    const regions = findRegions(text);
    expect(regions.map((r) => [r.startMarkerLine, r.endMarkerLine])).toEqual([[2, 4], [6, 8]]);
    expect(body(text, 1)).toBe('d = 3\r\n');
  });

  it('ignores an unterminated start and an end without a start', () => {
    expect(findRegions('# EVOLVE-BLOCK-END\nx = 1\n# EVOLVE-BLOCK-START\ny = 2\n')).toEqual([]);
  });

  it('restarts at a second start so a body never holds a marker', () => {
    const text = '# EVOLVE-BLOCK-START\na = 1\n# EVOLVE-BLOCK-START\nb = 2\n# EVOLVE-BLOCK-END';
    expect(findRegions(text)).toHaveLength(1);
    expect(body(text)).toBe('b = 2\n');
  });

  it('gives an empty body for adjacent markers', () => {
    const text = '// EVOLVE-BLOCK-START\n// EVOLVE-BLOCK-END\n';
    expect(body(text)).toBe('');
  });
});
