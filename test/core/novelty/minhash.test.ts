import { describe, expect, it } from 'vitest';
import { fileSignature, nearestProgram, similarity, tokenize, type IndexedProgram } from '../../../src/core/novelty/minhash.js';

const body = (extra: string): string =>
  Array.from({ length: 30 }, (_, i) => `const v${i} = compute(${i}, rate * ${i + 1});`).join('\n') + `\n${extra}\nexport const total = v1 + v2;`;

describe('near-duplicate detection', () => {
  it('tokenizes without layout', () => {
    expect(tokenize('const  a=1.5e3;\n\tfoo(a)')).toEqual(['const', 'a', '=', '1.5e3', ';', 'foo', '(', 'a', ')']);
  });

  it('finds a program with a line added as near, a rewritten one as far', () => {
    const a = fileSignature('p.js', body(''));
    const near = fileSignature('p.js', body('const spare = 0;'));
    const far = fileSignature('p.js', 'function solve(xs) { return xs.sort((a, b) => a - b).slice(0, 3).reduce((s, x) => s + x, 0); }');
    expect(similarity(a, a)).toBe(1);
    expect(similarity(a, near)).toBeGreaterThan(0.85);
    expect(similarity(a, far)).toBeLessThan(0.1);
  });

  it('compares programs over the files either changed, the rest being the baseline', () => {
    const baseline = new Map([['p.js', fileSignature('p.js', body('// base'))], ['q.js', fileSignature('q.js', 'export const q = 1;')]]);
    const of = (path: string): Uint32Array => baseline.get(path) ?? new Uint32Array(128);
    const evaluated: IndexedProgram[] = [
      { id: 'a2', files: new Map([['p.js', fileSignature('p.js', body('const x = rate ** 2;'))]]) },
      { id: 'a3', files: new Map([['q.js', fileSignature('q.js', 'export const q = fancy(42) + other(7) * 3;')]]) },
    ];
    const candidate: IndexedProgram = { id: 'a4', files: new Map([['p.js', fileSignature('p.js', body('const x = rate ** 2; // again'))]]) };
    expect(nearestProgram(candidate, evaluated, of, 0.9)?.id).toBe('a2');
    expect(nearestProgram(candidate, evaluated, of, 1.01)).toBeNull();
    const different: IndexedProgram = { id: 'a5', files: new Map([['q.js', fileSignature('q.js', 'export const q = [1, 2, 3].map((n) => n * n).join("-");')]]) };
    expect(nearestProgram(different, evaluated, of, 0.9)).toBeNull();
  });
});
