import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import { differences, planBorrow } from '../../../src/agents/local/plan-borrow.js';
import { toEvolveSource } from '../../../src/agents/local/plan-mutation.js';

const block = (body: string): string => `// EVOLVE-BLOCK-START\n${body}\n// EVOLVE-BLOCK-END\nconst OUTSIDE = 99;\n`;
const program = (body: string) => [toEvolveSource('p.js', block(body))];
const inspiration = (attemptId: string, body: string, relPath = 'p.js') => ({ attemptId, score: 1, sources: [toEvolveSource(relPath, block(body))] });

describe('differences', () => {
  it('pairs literals by place and kind and skips equal ones', () => {
    const diffs = differences(program('const A = 1;\nconst B = 0.5;\nconst C = 2.0;'), inspiration('a2', 'const A = 4;\nconst B = 0.5;\nconst C = 3;'));
    // A differs (integer and integer); B is equal; C is a float against an integer: not borrowed.
    expect(diffs.map((d) => [d.literal.text, d.target.text])).toEqual([['1', '4']]);
  });

  it('ignores files whose structure differs or that the inspiration lacks', () => {
    expect(differences(program('const A = 1;\nconst B = 2;'), inspiration('a2', 'const A = 3;'))).toEqual([]);
    expect(differences(program('const A = 1;'), inspiration('a2', 'const A = 3;', 'other.js'))).toEqual([]);
  });
});

describe('planBorrow', () => {
  it('is null when no inspiration differs', () => {
    expect(planBorrow(program('const A = 1;'), [inspiration('a2', 'const A = 1;')], 2, createRng(1))).toBeNull();
    expect(planBorrow(program('const A = 1;'), [], 2, createRng(1))).toBeNull();
  });

  it('copies integers and moves floats 30–100 % of the way, touching nothing else', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const plan = planBorrow(program('const N = 5;\nconst X = 0.2;'), [inspiration('a7', 'const N = 8;\nconst X = 1.2;')], 2, createRng(seed));
      expect(plan?.from).toBe('a7');
      const text = plan?.texts.get('p.js') ?? '';
      expect(text).toContain('const OUTSIDE = 99;');
      expect(plan?.changes.length).toBeGreaterThanOrEqual(1);
      for (const change of plan?.changes ?? []) {
        if (change.from === '5') expect(change.to).toBe('8');
        else {
          expect(change.from).toBe('0.2');
          const moved = Number(change.to);
          expect(moved).toBeGreaterThanOrEqual(0.2 + 0.3 * 1.0 - 1e-9);
          expect(moved).toBeLessThanOrEqual(1.2);
          expect(change.to).toMatch(/\./);
        }
        expect(text).toContain(change.to);
      }
    }
  });

  it('draws only among inspirations that differ, and is deterministic for a seed', () => {
    const inspirations = [inspiration('a2', 'const A = 0.5;'), inspiration('a3', 'const A = 0.9;')];
    const plans = Array.from({ length: 20 }, (_, seed) => planBorrow(program('const A = 0.5;'), inspirations, 1, createRng(seed)));
    expect(new Set(plans.map((p) => p?.from))).toEqual(new Set(['a3']));
    expect(planBorrow(program('const A = 0.5;'), inspirations, 1, createRng(4))).toEqual(planBorrow(program('const A = 0.5;'), inspirations, 1, createRng(4)));
  });

  it('keeps negative literals well-formed when moving across zero', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const plan = planBorrow(program('const A = -0.4;'), [inspiration('a2', 'const A = 0.6;')], 1, createRng(seed));
      const [change] = plan?.changes ?? [];
      expect(Number.isFinite(Number(change?.to))).toBe(true);
      expect(toEvolveSource('p.js', plan?.texts.get('p.js') ?? '').literals.map((l) => l.value)).toEqual([Number(change?.to)]);
    }
  });
});
