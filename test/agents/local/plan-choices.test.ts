import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import { mutateLiteral, pickDistinct } from '../../../src/agents/local/mutate.js';
import { planBorrow } from '../../../src/agents/local/plan-borrow.js';
import { planCrossover } from '../../../src/agents/local/plan-crossover.js';
import { planMutation, toEvolveSource } from '../../../src/agents/local/plan-mutation.js';

const OPTIONS = "# loader: ['csv', 'json', 'xml', 'yaml', 'toml']\n# model: ['tree', 'linear', 'knn']\n";
const program = (loader: string, model: string, rate = '0.5'): string =>
  `import sys\n# EVOLVE-BLOCK-START\n${OPTIONS}LOADER = '${loader}'\nMODEL = "${model}"\nRATE = ${rate}\n# EVOLVE-BLOCK-END\nprint(LOADER)\n`;
const valuesOf = (text: string): string[] => toEvolveSource('p.py', text).choices.map((c) => c.value);

describe('planMutation with choices', () => {
  it('explorers redraw a declared alternative, always another one, and touch nothing else', () => {
    const source = toEvolveSource('p.py', program('csv', 'tree'));
    const drawn = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const plan = planMutation([source], 3, createRng(seed), { mode: 'explore', stepScale: 0.05 });
      const text = plan.texts.get('p.py') ?? '';
      const [loader = '', model = ''] = valuesOf(text);
      expect(['csv', 'json', 'xml', 'yaml', 'toml']).toContain(loader);
      expect(['tree', 'linear', 'knn']).toContain(model);
      expect(plan.changes).toHaveLength(3);
      expect(loader !== 'csv' && model !== 'tree').toBe(true);
      expect(text.startsWith(`import sys\n# EVOLVE-BLOCK-START\n${OPTIONS}`)).toBe(true);
      expect(text).toContain(`MODEL = "${model}"`);
      drawn.add(loader);
    }
    expect(drawn).toEqual(new Set(['json', 'xml', 'yaml', 'toml']));
  });

  it('optimizer steps move one or two sites, a choice to another alternative', () => {
    const source = toEvolveSource('p.py', program('json', 'knn'));
    let choiceSteps = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const plan = planMutation([source], 1, createRng(seed), { mode: 'step', stepScale: 0.05 });
      const [change] = plan.changes;
      expect(plan.changes).toHaveLength(1);
      if (change?.from.startsWith("'") || change?.from.startsWith('"')) {
        choiceSteps += 1;
        expect(change.to).not.toBe(change.from);
        expect(change.to[0]).toBe(change.from[0]);
      } else {
        expect(Math.abs(Number(change?.to) - 0.5)).toBeLessThan(0.15);
      }
    }
    expect(choiceSteps).toBeGreaterThan(10);
  });

  it('is deterministic for a seed', () => {
    const source = toEvolveSource('p.py', program('csv', 'tree'));
    const plan = (seed: number) => planMutation([source], 2, createRng(seed), { mode: 'explore', stepScale: 0.05 }).texts.get('p.py');
    expect(plan(5)).toBe(plan(5));
    expect(new Set([1, 2, 3, 4, 5, 6].map(plan)).size).toBeGreaterThan(2);
  });

  it('draws exactly as numbers alone do when a block has no choices', () => {
    const text = `// EVOLVE-BLOCK-START\nconst A = 1, B = 0.25, C = 40;\nconst NAME = 'fast';\n// EVOLVE-BLOCK-END\n`;
    const source = toEvolveSource('p.js', text);
    expect(source.choices).toEqual([]);
    for (let seed = 1; seed <= 20; seed++) {
      const settings = { mode: 'explore' as const, stepScale: 0.05 };
      const rng = createRng(seed);
      const expected = pickDistinct(source.literals, 2, rng).map((literal) => [literal.text, mutateLiteral(literal, rng, settings)]);
      const plan = planMutation([source], 2, createRng(seed), settings);
      expect(plan.changes.map((c) => [c.from, c.to]).sort()).toEqual(expected.sort());
    }
  });
});

describe('merges and borrowing with choices', () => {
  it('a merge takes each choice from one of the parents, per site', () => {
    const primary = toEvolveSource('p.py', program('csv', 'tree', '0.5'));
    const side = toEvolveSource('p.from-a2.py', program('xml', 'knn', '0.9'));
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const plan = planCrossover([{ primary, sides: [side] }], createRng(seed));
      const combined = toEvolveSource('p.py', plan.texts.get('p.py') ?? '');
      const [loader = '', model = ''] = combined.choices.map((c) => c.value);
      expect(['csv', 'xml']).toContain(loader);
      expect(['tree', 'knn']).toContain(model);
      expect(['0.5', '0.9']).toContain(combined.literals[0]?.text);
      seen.add(`${loader} ${model}`);
    }
    expect(seen).toEqual(new Set(['csv tree', 'csv knn', 'xml tree', 'xml knn']));
  });

  it('a merge takes one version whole when the choice counts differ', () => {
    const primary = toEvolveSource('p.py', program('csv', 'tree'));
    const side = toEvolveSource('p.from-a2.py', program('csv', 'tree').replace('MODEL = "tree"', 'MODEL = None'));
    for (let seed = 1; seed <= 10; seed++) {
      const plan = planCrossover([{ primary, sides: [side] }], createRng(seed));
      expect([primary.text, side.text]).toContain(plan.texts.get('p.py'));
    }
  });

  it("an optimizer's borrow copies an inspiration's choice in the program's own quotes", () => {
    const sources = [toEvolveSource('p.py', program('csv', 'tree'))];
    const inspiration = { attemptId: 'a4', score: 1, sources: [toEvolveSource('p.py', program('csv', 'linear'))] };
    const plan = planBorrow(sources, [inspiration], 2, createRng(3));
    expect(plan?.changes).toEqual([{ file: 'p.py', line: 6, from: '"tree"', to: '"linear"' }]);
  });
});
