import { describe, expect, it } from 'vitest';
import { input, view } from '../../../support/policy-history.js';
import { CODE_NICHES, nicheIndex, nicheKeys, nicheLabel, pickNiches, refinementsExhausted, summarizeNiches } from '../../../../src/core/planning/policies/niches.js';
import { planEvolve } from '../../../../src/core/planning/policies/evolve.js';
import { planRsi } from '../../../../src/core/planning/policies/rsi.js';
import { planSwarm } from '../../../../src/core/planning/policies/swarm.js';

// A deceptive history: design 1 (the incumbent's family) tops out near 0.7; design 2 starts far
// below the baseline but its one refinement gained a lot.
const deceptive = () => [
  view('a1', null, 0.56, { metrics: { design: 1 } }),
  view('a2', 'a1', 0.62, { metrics: { design: 1 } }),
  view('a3', 'a1', 0.26, { metrics: { design: 2 } }),
  view('a4', 'a2', 0.66, { metrics: { design: 1 }, wave: 2 }),
  view('a5', 'a2', 0.6, { metrics: { design: 1 }, wave: 2 }),
  view('a6', 'a3', 0.45, { metrics: { design: 2 }, wave: 2 }),
  view('a7', 'a4', 0.3, { metrics: { design: 2 }, wave: 3 }),
  view('a8', 'a4', null, { wave: 3 }),
];

describe('niches', () => {
  it('keys programs by the descriptor metric, unscored ones by their parent, and lineages without a descriptor', () => {
    const keys = nicheKeys(deceptive(), 'design');
    expect([...['a3', 'a6', 'a7'].map((id) => keys.get(id as never))]).toEqual(['design=2', 'design=2', 'design=2']);
    expect(keys.get('a8' as never)).toBe('design=1');
    const lineages = nicheKeys(deceptive(), null);
    expect(lineages.get('a7' as never)).toBe('lineage a2');
    expect(lineages.get('a6' as never)).toBe('lineage a3');
  });

  it('keys programs by their code signature with CODE_NICHES, unscored ones by their parent, as the metric would', () => {
    const signed = deceptive().map((a) => ({ ...a, metrics: {}, codeSignature: a.id === 'a8' ? null : `design.js 1:1.1${Number(a.id.slice(1)) % 2 === 0 ? '+' : '-'}` }));
    const keys = nicheKeys(signed, CODE_NICHES);
    expect(['a2', 'a3', 'a4', 'a7'].map((id) => keys.get(id as never))).toEqual(['code design.js 1:1.1+', 'code design.js 1:1.1-', 'code design.js 1:1.1+', 'code design.js 1:1.1-']);
    expect(keys.get('a8' as never)).toBe('code design.js 1:1.1+');
    expect(nicheLabel({ ...view('a9', 'a1', 0.5), codeSignature: '' }, CODE_NICHES)).toBe('code (as the baseline)');
    expect(nicheLabel(view('a9', 'a1', 0.5), CODE_NICHES)).toBeUndefined();
    expect(summarizeNiches(signed, 'maximize', CODE_NICHES).map((n) => [n.key, n.best.id])).toEqual([['code design.js 1:1.1+', 'a4'], ['code design.js 1:1.1-', 'a5']]);
  });

  it('accounts effort and gain per niche, so the young niche below the baseline has the better index', () => {
    const niches = summarizeNiches(deceptive(), 'maximize', 'design');
    expect(niches.map((n) => [n.key, n.best.id, n.spent])).toEqual([['design=1', 'a4', 4], ['design=2', 'a6', 1]]);
    const [one, two] = niches;
    expect(two && one && nicheIndex(two, 6, 0.3) > nicheIndex(one, 6, 0.3)).toBe(true);
    expect(nicheIndex({ spent: 0, reward: 0 }, 6, 0.3)).toBe(Number.POSITIVE_INFINITY);
  });

  it('sends a wave to the niche gaining most per attempt, and spreads it when the bonus weighs more', () => {
    const niches = summarizeNiches(deceptive(), 'maximize', 'design');
    expect(pickNiches(niches, 4, 0.3).map((n) => n.key)).toEqual(['design=2', 'design=2', 'design=2', 'design=2']);
    const spread = pickNiches(niches, 8, 3).map((n) => n.key);
    expect(spread[0]).toBe('design=2');
    expect(spread).toContain('design=1');
    expect(pickNiches(niches, 2, 0.3, (n) => n.key === 'design=2').map((n) => n.key)).toEqual(['design=1', 'design=1']);
  });
});

describe('policies with a behavior descriptor', () => {
  it('swarm keeps deepening the niche that ranks below the baseline', () => {
    const plan = planSwarm({ ...input(deceptive(), 4), settings: { initialExplorers: 4, waveSize: 4, leaders: 3, plateauWaves: 3, mergeEvery: 0, niche: 'design' } });
    expect(plan.specs.some((s) => s.parents[0] === 'a6' && s.role === 'explorer')).toBe(true);
    expect(plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0])).toEqual(['a4', 'a6']);
    const blind = planSwarm({ ...input(deceptive(), 4), settings: { initialExplorers: 4, waveSize: 4, leaders: 3, plateauWaves: 3, mergeEvery: 0, niche: null } });
    expect(blind.specs.some((s) => s.parents[0] === 'a6')).toBe(true);
  });

  it('rsi keeps every niche elite on its frontier and rebases only hypotheses of the incumbent\'s niche', () => {
    const plan = planRsi({ ...input(deceptive(), 4), settings: { initialExplorers: 4, waveSize: 6, discount: 0.9, beta: 0.3, gamma: 5, k: 2, niche: 'design' } });
    expect(plan.specs.some((s) => s.parents[0] === 'a6')).toBe(true);
    expect(plan.specs.filter((s) => s.operator === 'rebase').flatMap((s) => s.informedBy)).not.toContain('a6');
  });

  it('evolve archives the elite of every niche and refines the niche that gains most', () => {
    const settings = {
      initialExplorers: 4, waveSize: 8, islands: 1, featureDimensions: ['depth'], gridSize: 2, explorationRatio: 0,
      exploitationRatio: 1, eliteRatio: 0.1, migrationInterval: 0, migrationRate: 0, inspirations: 1, niche: 'design',
    };
    const plan = planEvolve({ ...input(deceptive(), 4), settings });
    // The design=2 niche gained most per attempt: exploitation visits it first and refines its elite.
    expect(plan.specs[0]?.parents).toEqual(['a6']);
    expect(plan.specs[0]?.role).toBe('optimizer');
    // A busy elite hands the optimizer to the next free program of its niche first.
    expect(plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0]).slice(0, 3)).toEqual(['a6', 'a7', 'a3']);
    // Without a descriptor, exploitation refines by rank, down to the baseline's score: the
    // programs below the baseline (a6, a7, a3) get no optimizer just for being free.
    const blind = planEvolve({ ...input(deceptive(), 4), settings: { ...settings, niche: null } });
    expect(blind.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0])).toEqual(['a4', 'a2', 'a5']);
  });
});

describe('policies with code-signature niches', () => {
  // The same history, its families told apart only by where the code moved from the baseline.
  const signed = () => deceptive().map((a) => ({ ...a, metrics: {}, codeSignature: a.metrics?.design === undefined ? null : a.metrics.design === 2 ? 'design.js 1:1.1+ 1:4.1-' : 'design.js 1:2.1+' }));
  const shape = (plan: { specs: Array<{ role: string; operator: string; parents: string[] }> }): string[] => plan.specs.map((s) => `${s.role} ${s.operator} ${s.parents.join('+')}`);
  const rules = { initialExplorers: 4, waveSize: 4, leaders: 3, plateauWaves: 3, mergeEvery: 0 };
  const database = {
    initialExplorers: 4, waveSize: 8, islands: 1, featureDimensions: ['depth'], gridSize: 2, explorationRatio: 0,
    exploitationRatio: 1, eliteRatio: 0.1, migrationInterval: 0, migrationRate: 0, inspirations: 1,
  };
  const rsi = { initialExplorers: 4, waveSize: 6, discount: 0.9, beta: 0.3, gamma: 5, k: 2 };

  it('plan as with the metric that names the same families, in swarm, evolve and rsi', () => {
    expect(shape(planSwarm({ ...input(signed(), 4), settings: { ...rules, niche: CODE_NICHES } }))).toEqual(shape(planSwarm({ ...input(deceptive(), 4), settings: { ...rules, niche: 'design' } })));
    expect(shape(planEvolve({ ...input(signed(), 4), settings: { ...database, niche: CODE_NICHES } }))).toEqual(shape(planEvolve({ ...input(deceptive(), 4), settings: { ...database, niche: 'design' } })));
    expect(shape(planRsi({ ...input(signed(), 4), settings: { ...rsi, niche: CODE_NICHES } }))).toEqual(shape(planRsi({ ...input(deceptive(), 4), settings: { ...rsi, niche: 'design' } })));
  });

  it('differ from lineage niches on the same history', () => {
    expect(shape(planEvolve({ ...input(signed(), 4), settings: { ...database, niche: CODE_NICHES } }))).not.toEqual(shape(planEvolve({ ...input(signed(), 4), settings: { ...database, niche: null } })));
  });
});

describe('niche rewards and refinements', () => {
  it('normalizes rewards by the largest gain, so the same history in other units plans the same wave', () => {
    const niches = summarizeNiches(deceptive(), 'maximize', 'design');
    // Largest gain: a6 over a3 (0.19); a2 over a1 gains 0.06, a4 over a2 0.04.
    expect(niches.find((n) => n.key === 'design=2')?.reward).toBeCloseTo(1, 9);
    expect(niches.find((n) => n.key === 'design=1')?.reward).toBeCloseTo(0.04 / 0.19, 6);
    const scaled = deceptive().map((a) => ({ ...a, score: a.score === null ? null : a.score * 1000 }));
    const same = (attempts: typeof scaled) => planSwarm({ ...input(attempts, 4), settings: { initialExplorers: 4, waveSize: 6, leaders: 3, plateauWaves: 3, mergeEvery: 0, niche: 'design' } }).specs.map((s) => `${s.role} ${s.parents.join('+')}`);
    expect(same(scaled)).toEqual(same(deceptive()));
  });

  it('lets a program have a second optimizer, not a third, and does not count interrupted ones', () => {
    const base = [view('a1', null, 1), view('a2', 'a1', 2)];
    const optimizer = (id: string, status: 'scored' | 'interrupted' = 'scored') => view(id, 'a2', 2, { role: 'optimizer', operator: 'deepen', status, wave: 2 });
    expect(refinementsExhausted(base, 'a2' as never)).toBe(false);
    expect(refinementsExhausted([...base, optimizer('a3')], 'a2' as never)).toBe(false);
    expect(refinementsExhausted([...base, optimizer('a3'), optimizer('a4', 'interrupted')], 'a2' as never)).toBe(false);
    expect(refinementsExhausted([...base, optimizer('a3'), optimizer('a4')], 'a2' as never)).toBe(true);
  });
});

describe('while nothing beats the baseline', () => {
  // Four explorers from the baseline, all worse: the baseline is still the incumbent.
  const behind = () => [view('a1', null, 2), view('a2', 'a1', 1.5), view('a3', 'a1', 1.2), view('a4', 'a1', 0.5), view('a5', 'a1', 1.9)];

  it('swarm refines the baseline and sends fresh explorers from it', () => {
    const plan = planSwarm({ ...input(behind(), 2), settings: { initialExplorers: 4, waveSize: 4, leaders: 3, plateauWaves: 3, mergeEvery: 0, niche: null } });
    expect(plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents)).toEqual([['a1']]);
    expect(plan.specs.some((s) => s.role === 'explorer' && s.parents[0] === 'a1')).toBe(true);
  });

  it('evolve keeps the baseline in the archive, so exploitation refines it and nothing worse', () => {
    const settings = {
      initialExplorers: 4, waveSize: 4, islands: 2, featureDimensions: ['depth'], gridSize: 2, explorationRatio: 0,
      exploitationRatio: 1, eliteRatio: 0.1, migrationInterval: 0, migrationRate: 0, inspirations: 0, niche: null,
    };
    const plan = planEvolve({ ...input(behind(), 2), settings });
    expect(plan.specs.map((s) => `${s.role} ${s.parents.join('+')} ${s.operator}`)).toEqual(['optimizer a1 deepen', 'explorer a1 explore', 'explorer a1 explore', 'explorer a1 explore']);
  });

  it('rsi refines the baseline first and starts its first new hypothesis from it', () => {
    const plan = planRsi({ ...input(behind(), 2), settings: { initialExplorers: 4, waveSize: 4, discount: 0.9, beta: 0.5, gamma: 0.5, k: 4, niche: null } });
    expect(plan.specs.find((s) => s.role === 'optimizer')?.parents).toEqual(['a1']);
    expect(plan.specs.find((s) => s.role === 'explorer')?.parents).toEqual(['a1']);
  });
});
