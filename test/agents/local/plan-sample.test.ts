import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import { planMutation, planSample, toEvolveSource } from '../../../src/agents/local/plan-mutation.js';

const K_MODULE = readFileSync(new URL('../../../bench/policies/tasks/k-module/initial_program.py', import.meta.url), 'utf8');
const settings = { mode: 'explore' as const, stepScale: 0.05 };

describe('planSample (random sampling)', () => {
  it('draws the 625 K-module programs uniformly, each site free to keep its value', () => {
    const source = toEvolveSource('initial_program.py', K_MODULE);
    expect(source.choices.map((c) => c.alternatives.length)).toEqual([5, 5, 5, 5]);
    const rng = createRng(20261201);
    const counts = new Map<string, number>();
    const draws = 12_500;
    for (let i = 0; i < draws; i++) {
      const text = planSample([source], rng, settings).texts.get('initial_program.py') ?? K_MODULE;
      const program = toEvolveSource('initial_program.py', text).choices.map((c) => c.value).join(' ');
      counts.set(program, (counts.get(program) ?? 0) + 1);
    }
    expect(counts.size).toBe(625);
    // Chi-square over 624 degrees of freedom: mean 624, sd ~35; 760 is beyond the 99.99th percentile.
    const expected = draws / 625;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(760);
    expect(counts.get('csv_reader standardize linear_model identity')).toBeGreaterThan(0);
  });

  it('redraws every number as an explorer does and leaves the rest of the text alone', () => {
    const text = "# EVOLVE-BLOCK-START\n# mode: ['fast', 'exact']\nMODE = 'fast'\nRATE = 0.5\nSIZE = 12\n# EVOLVE-BLOCK-END\nprint(MODE)\n";
    const source = toEvolveSource('p.py', text);
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planSample([source], createRng(seed), settings);
      const numbers = plan.changes.filter((c) => !c.from.startsWith("'"));
      expect(numbers.map((c) => c.from)).toEqual(['0.5', '12']);
      const sampled = toEvolveSource('p.py', plan.texts.get('p.py') ?? '');
      expect(['fast', 'exact']).toContain(sampled.choices[0]?.value);
      expect(plan.texts.get('p.py')?.endsWith('# EVOLVE-BLOCK-END\nprint(MODE)\n')).toBe(true);
    }
  });
});

describe('planMutation steps on choices', () => {
  it('moves exactly one choice site when a step picks one, beside numbers or not', () => {
    const text = "# EVOLVE-BLOCK-START\n# a: ['x', 'y', 'z']\n# b: ['u', 'v', 'w']\nA = 'x'\nB = 'u'\nRATE = 0.5\n# EVOLVE-BLOCK-END\n";
    const source = toEvolveSource('p.py', text);
    let withChoice = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const plan = planMutation([source], 2, createRng(seed), { mode: 'step', stepScale: 0.05 });
      const choices = plan.changes.filter((c) => c.from.startsWith("'"));
      if (choices.length > 0) {
        withChoice += 1;
        expect(plan.changes).toHaveLength(1);
        expect(choices[0]?.to).not.toBe(choices[0]?.from);
      } else {
        expect(plan.changes.map((c) => c.from)).toEqual(['0.5']);
      }
    }
    expect(withChoice).toBeGreaterThan(30);
  });

  it('an explorer still moves several choices at once', () => {
    const source = toEvolveSource('initial_program.py', K_MODULE);
    const plan = planMutation([source], 3, createRng(4), settings);
    expect(plan.changes).toHaveLength(3);
  });
});
