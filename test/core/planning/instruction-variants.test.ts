import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import {
  chooseVariant, creditVariants, DIRECTIVES, dueReplacement, fragments, initialVariants, MIN_TRIALS, POPULATION, recombine, trialImproved, variantExcerpt,
  type InstructionVariant, type VariantTrial,
} from '../../../src/core/planning/instruction-variants.js';
import { parseWriterReply, writerPrompt } from '../../../src/core/planning/instruction-writer-prompt.js';

const BASE = 'You are an explorer.\n\nTry one new idea.';
const trial = (variantId: string, seq: number, improved: boolean | null, backend = 'local'): VariantTrial => ({ variantId, backend, seq, improved });

describe('instruction variants', () => {
  it('starts with the base text and variants that add one directive each', () => {
    const variants = initialVariants(BASE);
    expect(variants.map((v) => [v.id, v.parent, v.origin])).toEqual([['v1', null, 'built-in'], ['v2', 'v1', 'built-in'], ['v3', 'v1', 'built-in']]);
    expect(variants[0]?.text).toBe(BASE);
    expect(variants[1]?.text).toBe(`${BASE}\n\n${DIRECTIVES[0]}`);
    expect(variants).toHaveLength(POPULATION);
  });

  it('credits improvements, discounted so that recent trials weigh more', () => {
    const variants = initialVariants(BASE);
    const credits = creditVariants(variants, [trial('v1', 1, true), trial('v1', 4, false), trial('v2', 2, false), trial('v2', 5, true), trial('v3', 3, null)]);
    const [v1, v2, v3] = credits;
    expect(v1?.improvements).toBe(1);
    expect(v2?.improvements).toBe(1);
    // Same count, but v2's improvement is its newer trial.
    expect(v2!.credit).toBeGreaterThan(v1!.credit);
    expect(v3).toMatchObject({ attempts: 1, finished: 0, credit: 0 });
  });

  it('compares variants within one backend, not across backends', () => {
    const variants = initialVariants(BASE);
    // v1 ran on a strong backend where everything improves, v2 on a weak one where it alone does.
    const trials = [trial('v1', 1, true, 'strong'), trial('v3', 2, true, 'strong'), trial('v2', 3, true, 'weak'), trial('v3', 4, false, 'weak')];
    const credit = Object.fromEntries(creditVariants(variants, trials).map((c) => [c.id, c.credit]));
    expect(credit.v1).toBe(0);
    expect(credit.v2).toBeGreaterThan(0);
    expect(credit.v3).toBeLessThan(0);
  });

  it('gives the next explorer the variant tried least, the stronger one on a tie', () => {
    const variants = initialVariants(BASE);
    expect(chooseVariant(variants, [])).toBe('v1');
    expect(chooseVariant(variants, [trial('v1', 1, false)])).toBe('v2');
    expect(chooseVariant(variants, [trial('v1', 1, false), trial('v2', 2, false), trial('v3', 3, true)])).toBe('v3');
    const retired: InstructionVariant[] = variants.map((v) => (v.id === 'v1' ? { ...v, retired: true } : v));
    expect(chooseVariant(retired, [])).toBe('v2');
  });

  it('replaces the weakest once every variant has its trials, never on a tie', () => {
    const variants = initialVariants(BASE);
    const early = [trial('v1', 1, false), trial('v2', 2, true), trial('v3', 3, false), trial('v1', 4, false), trial('v2', 5, true)];
    expect(dueReplacement(variants, early)).toBeNull();
    const full = [...early, trial('v3', 6, true)];
    expect(MIN_TRIALS).toBe(2);
    expect(dueReplacement(variants, full)).toEqual({ retire: 'v1', ranked: ['v2', 'v3'] });
    const tie = variants.flatMap((v, i) => [trial(v.id, i, false), trial(v.id, i + 10, false)]);
    expect(dueReplacement(variants, tie)).toBeNull();
  });

  it('recombines the fragments of the best two with a new directive, deterministically for a seed', () => {
    const parents = [`${BASE}\n\n${DIRECTIVES[0]}`, `${BASE}\n\n${DIRECTIVES[1]}`];
    const existing = [BASE, ...parents];
    const one = recombine(BASE, parents, existing, createRng(5));
    expect(recombine(BASE, parents, existing, createRng(5))).toBe(one);
    expect(existing).not.toContain(one);
    expect(one.startsWith(BASE)).toBe(true);
    const added = fragments(one).filter((f) => !fragments(BASE).includes(f));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((f) => DIRECTIVES.includes(f))).toBe(true);
    expect(variantExcerpt(one, BASE)).toContain('Strategy:');
  });

  it('counts an explorer as improving only on its own evaluation, beating its parent', () => {
    const scored = { status: 'scored' as const, score: 5, flags: [], parentScore: 3 };
    expect(trialImproved(scored, 'maximize')).toBe(true);
    expect(trialImproved(scored, 'minimize')).toBe(false);
    expect(trialImproved({ ...scored, flags: ['near-duplicate:a2'] }, 'maximize')).toBe(false);
    expect(trialImproved({ ...scored, flags: ['reused:a2'] }, 'maximize')).toBe(false);
    expect(trialImproved({ ...scored, status: 'running' }, 'maximize')).toBeNull();
    expect(trialImproved({ ...scored, status: 'failed', score: null }, 'maximize')).toBe(false);
    expect(trialImproved({ ...scored, score: null }, 'maximize')).toBe(false);
  });

  it('asks the model for one variant and reads it back from its tags', () => {
    const record = { id: 'v2', attempts: 2, finished: 2, improvements: 2, credit: 0.5 };
    const prompt = writerPrompt({ task: 'Make it fast.', variants: [{ id: 'v2', text: 'A', record }, { id: 'v1', text: 'B', record: { ...record, id: 'v1', improvements: 0, credit: -0.5 } }], retiring: 'v1' });
    expect(prompt).toContain('Variant v1 (weakest, being replaced): 2 explorers finished, 0 improved');
    expect(parseWriterReply('Here:\n<instructions>\nBe bold.\n</instructions>\nthanks')).toBe('Be bold.');
    expect(parseWriterReply('  ')).toBeNull();
  });
});
