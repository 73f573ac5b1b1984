import { describe, expect, it } from 'vitest';
import { planEvolve, powerLawRank } from '../../../../src/core/planning/policies/evolve.js';
import { input, view } from '../../../support/policy-history.js';
import { buildDatabase } from '../../../../src/core/planning/policies/program-database.js';

const settings = {
  initialExplorers: 4, waveSize: 6, islands: 2, featureDimensions: ['depth', 'diffSize'], gridSize: 2,
  explorationRatio: 0.2, exploitationRatio: 0.5, eliteRatio: 0.25, migrationInterval: 3, migrationRate: 0.5, inspirations: 2, niche: null,
};

const history = () => [
  view('a1', null, 1),
  view('a2', 'a1', 5, { diffSize: 2 }), view('a3', 'a1', 4, { diffSize: 30 }),
  view('a4', 'a2', 7, { diffSize: 3 }), view('a5', 'a3', 2, { diffSize: 5 }),
  view('a6', 'a3', 6, { diffSize: 1, flags: ['no-change'] }),
];

describe('program database', () => {
  it('puts families on islands round-robin, keeps children on their parent\'s island, seeds every island with the baseline (in no cell), and bins cells by features', () => {
    const db = buildDatabase(history(), 'maximize', 2, settings);
    expect(db.islands[0]?.members.map((a) => a.id)).toEqual(['a4', 'a2', 'a1']);
    expect(db.islands[1]?.members.map((a) => a.id)).toEqual(['a3', 'a5', 'a1']);
    expect(db.islands[1]?.cells.size).toBe(2);
    expect([...db.islands[1]!.cells.values()].map((a) => a.role)).not.toContain('baseline');
    expect(db.archive.map((a) => a.id)).toEqual(['a4']);
    expect(db.islands.every((i) => i.migrants.length === 0)).toBe(true);
  });

  it('excludes attempts whose audit flags withhold credit, and migrates the best along the ring', () => {
    const db = buildDatabase(history(), 'maximize', 4, settings);
    expect(db.islands.flatMap((i) => i.members.map((a) => a.id))).not.toContain('a6');
    expect(db.islands[1]?.migrants.map((a) => a.id)).toEqual(['a4']);
    expect(db.islands[0]?.migrants.map((a) => a.id)).toEqual(['a3']);
  });
});

describe('evolve policy', () => {
  it('seeds every island with explorers from the baseline first', () => {
    const plan = planEvolve({ ...input([view('a1', null, 1)], 1), settings: { ...settings, islands: 5 } });
    expect(plan.specs).toHaveLength(5);
    expect(plan.specs.every((s) => s.parents[0] === 'a1' && s.role === 'explorer' && s.operator === 'explore')).toBe(true);
  });

  it('samples parents from the islands in turn, with inspirations from other cells as informed_by', () => {
    const plan = planEvolve({ ...input(history(), 3), settings });
    expect(plan.specs).toHaveLength(6);
    const parents = new Set(plan.specs.map((s) => s.parents[0]));
    expect([...parents].some((p) => p === 'a2' || p === 'a4')).toBe(true);
    expect([...parents].some((p) => p === 'a3' || p === 'a5')).toBe(true);
    for (const spec of plan.specs) {
      expect(spec.informedBy).not.toContain(spec.parents[0]);
      expect(spec.informedBy.length).toBeGreaterThan(0);
      expect(spec.context).toContain('Inspirations');
      // The run's best program (a4) leads the inspirations of every other parent, as in OpenEvolve.
      if (spec.parents[0] !== 'a4') expect(spec.informedBy[0]).toBe('a4');
      expect(new Set(spec.informedBy).size).toBe(spec.informedBy.length);
    }
    // One optimizer per program at a time: a busy elite passes the refinement to the next free one.
    const refined = plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0]);
    expect(new Set(refined).size).toBe(refined.length);
  });
});

describe('evolve exploration sampling', () => {
  it('draws exploration parents by binary tournament: the island\'s best most often, its worst least, never only one', () => {
    const island = [view('a1', null, 1), view('a2', 'a1', 9), view('a3', 'a2', 5), view('a4', 'a2', 3), view('a5', 'a2', 1.5)];
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 60; seed++) {
      const plan = planEvolve({ ...input(island, 3, 6, seed), settings: { ...settings, islands: 1, explorationRatio: 1, exploitationRatio: 0 } });
      for (const spec of plan.specs) counts.set(spec.parents[0] ?? '', (counts.get(spec.parents[0] ?? '') ?? 0) + 1);
    }
    // 360 draws; a binary tournament over 4 ranked members picks them 7:5:3:1 in expectation.
    const [best, second, third, worst] = ['a2', 'a3', 'a4', 'a5'].map((id) => counts.get(id) ?? 0);
    expect(best).toBeGreaterThan(second ?? 0);
    expect(second).toBeGreaterThan(third ?? 0);
    expect(third).toBeGreaterThan(worst ?? 0);
    expect(worst).toBeGreaterThan(0);
  });
});

describe('evolve roles', () => {
  it('refines a free exploration parent with an optimizer, once per program, and gives diversity parents explorers', () => {
    const island = [view('a1', null, 1), view('a2', 'a1', 9), view('a3', 'a2', 5), view('a4', 'a2', 3), view('a5', 'a2', 1.5)];
    const one = { ...settings, islands: 1, waveSize: 6 };
    const explored = planEvolve({ ...input(island, 3, 6, 3), settings: { ...one, explorationRatio: 1, exploitationRatio: 0 } });
    const refined = explored.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0]);
    expect(refined.length).toBeGreaterThan(0);
    expect(new Set(refined).size).toBe(refined.length);
    // A parent drawn again while its optimizer is planned gets an explorer instead.
    for (const spec of explored.specs.filter((s) => s.role === 'explorer')) expect(refined).toContain(spec.parents[0]);
    const diverse = planEvolve({ ...input(island, 3, 6, 3), settings: { ...one, explorationRatio: 0, exploitationRatio: 0 } });
    expect(diverse.specs.every((s) => s.role === 'explorer')).toBe(true);
  });
});

describe('evolve exploration of an island with lineages of its own', () => {
  it('never draws the baseline for exploration or diversity, even when it is the island\'s best', () => {
    const island = [view('a1', null, 10), view('a2', 'a1', 5), view('a3', 'a2', 4), view('a4', 'a2', 3)];
    for (let seed = 1; seed <= 30; seed++) {
      const plan = planEvolve({ ...input(island, 3, 6, seed), settings: { ...settings, islands: 1, explorationRatio: 0.5, exploitationRatio: 0 } });
      expect(plan.specs.map((s) => s.parents[0])).not.toContain('a1');
    }
  });
});

describe('evolve exploitation sampling', () => {
  it('refines the baseline only while it leads, even when the archive ranks it second', () => {
    const history = [view('a1', null, 4), view('a2', 'a1', 5), view('a3', 'a1', 3), view('a4', 'a1', 2)];
    for (let seed = 1; seed <= 30; seed++) {
      const plan = planEvolve({ ...input(history, 2, 6, seed), settings: { ...settings, islands: 1, explorationRatio: 0, exploitationRatio: 1, eliteRatio: 1 } });
      expect(plan.specs.filter((s) => s.parents[0] === 'a1')).toEqual([]);
    }
  });

  it('draws archive ranks by a power law: rank r with probability proportional to 1/(r+1)', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 1100; i++) counts[powerLawRank(3, (i + 0.5) / 1100)]! += 1;
    // Weights 1, 1/2, 1/3 of 11/6: 600, 300 and 200 of 1100 evenly spaced draws.
    expect(counts).toEqual([600, 300, 200]);
    expect(powerLawRank(1, 0.99)).toBe(0);
    expect(powerLawRank(4, 0.3, 0)).toBe(1);
  });
});
