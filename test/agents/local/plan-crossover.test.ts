import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import { groupConflicts, planCrossover, primaryPathOf } from '../../../src/agents/local/plan-crossover.js';
import { toEvolveSource } from '../../../src/agents/local/plan-mutation.js';

const block = (body: string): string => `// EVOLVE-BLOCK-START\n${body}\n// EVOLVE-BLOCK-END\n`;

describe('primaryPathOf', () => {
  it('maps side copies back to the file they stand beside', () => {
    expect(primaryPathOf('solve.from-a12.py')).toBe('solve.py');
    expect(primaryPathOf('src/lib/pack.from-a3.js')).toBe('src/lib/pack.js');
    expect(primaryPathOf('Makefile.from-a7')).toBe('Makefile');
    expect(primaryPathOf('solve.py')).toBeNull();
    expect(primaryPathOf('from-a1.py')).toBeNull();
  });
});

describe('groupConflicts', () => {
  it('groups side copies with their file and leaves orphans and other files alone', () => {
    const sources = ['a.js', 'a.from-a2.js', 'a.from-a3.js', 'b.from-a2.js', 'c.js'].map((p) => toEvolveSource(p, block('const X = 1;')));
    const { groups, others } = groupConflicts(sources);
    expect(groups.map((g) => [g.primary.relPath, g.sides.map((s) => s.relPath)])).toEqual([['a.js', ['a.from-a2.js', 'a.from-a3.js']]]);
    expect(others.map((s) => s.relPath)).toEqual(['b.from-a2.js', 'c.js']);
  });
});

describe('planCrossover', () => {
  it('takes every literal from one of the versions and keeps the rest of the first parent', () => {
    const primary = toEvolveSource('p.js', `// first\n${block('const A = 1;\nconst B = 2.5;\nconst C = 3;')}`);
    const side = toEvolveSource('p.from-a2.js', `// second\n${block('const A = 10;\nconst B = 25.5;\nconst C = 30;')}`);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planCrossover([{ primary, sides: [side] }], createRng(seed));
      const text = plan.texts.get('p.js') ?? '';
      expect(text.startsWith('// first\n')).toBe(true);
      const values = [...text.matchAll(/= ([\d.]+);/g)].map((m) => m[1]);
      expect(values).toHaveLength(3);
      values.forEach((v, i) => expect([['1', '10'], ['2.5', '25.5'], ['3', '30']][i]).toContain(v));
      expect(plan.changes.map((c) => c.to)).toEqual(values.filter((v, i) => v !== ['1', '2.5', '3'][i]));
      expect(plan.removed).toEqual(['p.from-a2.js']);
      seen.add(values.join(' '));
    }
    expect(seen.size).toBeGreaterThan(4);
  });

  it('takes one version whole when the versions do not line up literal by literal', () => {
    const primary = toEvolveSource('p.js', block('const A = 1;\nconst B = 2;'));
    const side = toEvolveSource('p.from-a2.js', block('const A = 1;'));
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const plan = planCrossover([{ primary, sides: [side] }], createRng(seed));
      outcomes.add(plan.texts.get('p.js') ?? '');
      expect(plan.changes).toEqual([]);
      expect(plan.wholeFiles.length === 0 || plan.wholeFiles[0]?.from === 'p.from-a2.js').toBe(true);
    }
    expect(outcomes).toEqual(new Set([primary.text, side.text]));
  });
});
