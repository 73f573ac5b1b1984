import { describe, expect, it } from 'vitest';
import { codeSignature, fileSignature, signatureKey } from '../../../src/core/code/code-signature.js';

const program = (rate: string, width: string, depth: string, tail = 'console.log(RATE);'): string =>
  `// header 1\n// EVOLVE-BLOCK-START\nconst RATE = ${rate};\nconst WIDTH = ${width};\nconst DEPTH = ${depth};\n// EVOLVE-BLOCK-END\n${tail}\n`;

describe('fileSignature', () => {
  const baseline = program('0.8', '2.0', '1.5');

  it('names each changed number by block, line and token, with the way it moved', () => {
    expect(fileSignature(baseline, program('1.1', '1.6', '1.8'))).toEqual(['1:1.1+', '1:2.1-', '1:3.1+']);
    expect(fileSignature(baseline, program('0.36', '4.5', '1.5'))).toEqual(['1:1.1-', '1:2.1+']);
  });

  it('gives programs that moved the same constants the same way the same sites, whatever the sizes of the moves', () => {
    expect(fileSignature(baseline, program('1.05', '1.9', '1.51'))).toEqual(fileSignature(baseline, program('3', '0.2', '9e1')));
  });

  it('ignores what lies outside the blocks, layout, and numbers written differently', () => {
    expect(fileSignature(baseline, program('0.80', '2', '1.5e0', 'console.log(WIDTH, 12);'))).toEqual([]);
    expect(fileSignature(baseline, baseline.replace('const WIDTH = 2.0;', '  const   WIDTH =  2.0 ;'))).toEqual([]);
  });

  it('marks a changed string literal, a rewritten line and a block of another length', () => {
    const choices = (loader: string): string => `# EVOLVE-BLOCK-START\n# loader: ['csv', 'json']\nLOADER = ${loader}\nx1 = 3\n# EVOLVE-BLOCK-END\n`;
    expect(fileSignature(choices("'csv'"), choices("'json'"))).toEqual(['1:2.1*']);
    expect(fileSignature(choices("'csv'"), choices("load('csv')"))).toEqual(['1:2~']);
    expect(fileSignature(choices("'csv'"), choices("'csv'\nEXTRA = 1"))).toEqual(['1~']);
  });

  it('does not read digits inside names or strings as numbers', () => {
    const text = (line: string): string => `# EVOLVE-BLOCK-START\n${line}\n# EVOLVE-BLOCK-END\n`;
    expect(fileSignature(text('x1 = f2(3)'), text('x1 = f2(4)'))).toEqual(['1:1.1+']);
    expect(fileSignature(text("s = 'v1'; n = 2"), text("s = 'v2'; n = 2"))).toEqual(['1:1.1*']);
  });

  it('reads a file without blocks as one block, and names files added, deleted or with other blocks', () => {
    expect(fileSignature('a = 1\nb = 2\n', 'a = 1\nb = 5\n')).toEqual(['1:2.1+']);
    expect(fileSignature(null, 'x')).toEqual(['added']);
    expect(fileSignature('x', null)).toEqual(['deleted']);
    expect(fileSignature(baseline, `${baseline}// EVOLVE-BLOCK-START\nconst MORE = 1;\n// EVOLVE-BLOCK-END\n`)).toEqual(['blocks~']);
  });

  it('numbers several blocks in order', () => {
    const two = (a: string, b: string): string => `// EVOLVE-BLOCK-START\nA = ${a}\n// EVOLVE-BLOCK-END\nmid\n// EVOLVE-BLOCK-START\nB = ${b}\n// EVOLVE-BLOCK-END\n`;
    expect(fileSignature(two('1', '1'), two('1', '0.5'))).toEqual(['2:1.1-']);
  });
});

describe('codeSignature and signatureKey', () => {
  it('keeps only files that differ, and names a signature the same way whatever the order of its files', () => {
    const signature = codeSignature([
      { path: 'z.py', baseline: 'a = 1', head: 'a = 2' },
      { path: 'same.py', baseline: 'a = 1', head: 'a = 1' },
      { path: 'a.js', baseline: 'b = 1', head: 'b = 0' },
    ]);
    expect(signature).toEqual({ 'a.js': ['1:1.1-'], 'z.py': ['1:1.1+'] });
    expect(signatureKey(signature)).toBe('a.js 1:1.1-; z.py 1:1.1+');
    expect(signatureKey({ 'z.py': ['1:1.1+'], 'a.js': ['1:1.1-'] })).toBe(signatureKey(signature));
    expect(signatureKey(codeSignature([{ path: 'x', baseline: 'a', head: 'a' }]))).toBe('');
  });
});
