import type { AttemptId } from '../ids.js';
import { parentsUnderOptimization } from '../population.js';
import { isBetter } from '../score.js';
import type { AttemptSpec } from '../types.js';
import { summarizeFamilies, type Family } from './families.js';
import { makeSpec, type PolicyInput, type PolicyPlan } from './policy-input.js';

export interface SwarmSettings {
  initialExplorers: number;
  waveSize: number;
  leaders: number;
  plateauWaves: number;
  mergeEvery: number;
}

/**
 * SwarmResearch discipline: a large diverse first wave from the baseline; then serial explorers
 * alternating between promising families and under-explored ones; optimizers only once clear
 * leaders (families beating the baseline) exist, one per parent; fan-outs from families that
 * plateaued; fresh explorers from the baseline when every family plateaued; and now and then a
 * merge of the leaders of two different families. Explorers are told what was already tried in
 * their lineage and across the population, never what to do.
 */
export const planSwarm = (input: PolicyInput & { settings: SwarmSettings }): PolicyPlan => {
  const { attempts, direction, settings } = input;
  const explorer = (parents: AttemptId[], operator: AttemptSpec['operator'], informedBy: AttemptId[] = []): AttemptSpec =>
    makeSpec(input, { parents, role: 'explorer', operator, informedBy });
  if (!attempts.some((a) => a.role !== 'baseline') || input.wave <= 1) {
    const size = Math.min(settings.initialExplorers, input.maxAttempts);
    return { specs: Array.from({ length: size }, () => explorer([input.baselineId], 'explore')), rationale: `initial population: ${size} diverse explorers from baseline` };
  }
  const size = Math.min(settings.waveSize, input.maxAttempts);
  const baseline = attempts.find((a) => a.id === input.baselineId);
  const families = summarizeFamilies(attempts, direction).filter((f) => f.best !== null);
  const stale = (f: Family): number => Math.max(0, input.wave - 1 - f.bestWave);
  const leaders = families.filter((f) => f.best && isBetter(f.best.score, baseline?.score ?? null, direction)).slice(0, settings.leaders);
  const specs: AttemptSpec[] = [];
  const reasons: string[] = [];

  const allPlateaued = families.length === 0 || families.every((f) => stale(f) >= settings.plateauWaves);
  if (allPlateaued || leaders.length === 0) {
    const fresh = families.length === 0 ? size : Math.max(1, Math.ceil(size / 3));
    const informedBy = leaders.flatMap((f) => (f.best ? [f.best.id] : []));
    for (let i = 0; i < fresh && specs.length < size; i++) specs.push(explorer([input.baselineId], 'explore', informedBy));
    reasons.push(families.length === 0 ? `nothing scored yet: ${fresh} explorers from baseline` : `every family plateaued: ${fresh} fresh explorers from baseline`);
  }

  if (settings.mergeEvery > 0 && input.wave % settings.mergeEvery === 0 && leaders.length >= 2 && specs.length < size) {
    const [first, second] = leaders;
    if (first?.best && second?.best) {
      specs.push(makeSpec(input, { parents: [first.best.id, second.best.id], role: 'explorer', operator: 'merge' }));
      reasons.push(`merge of family leaders ${first.best.id} and ${second.best.id}`);
    }
  }

  const busy = parentsUnderOptimization(attempts);
  const optimized: AttemptId[] = [];
  for (const leader of leaders.slice(0, Math.max(1, Math.floor(size / 3)))) {
    if (!leader.best || specs.length >= size || busy.has(leader.best.id)) continue;
    busy.add(leader.best.id);
    optimized.push(leader.best.id);
    specs.push(makeSpec(input, { parents: [leader.best.id], role: 'optimizer', operator: 'deepen' }));
  }
  if (optimized.length > 0) reasons.push(`optimizer on ${optimized.join(', ')}`);

  const promising = families.slice(0, Math.max(1, settings.leaders));
  const others = families.filter((f) => !promising.includes(f));
  const underExplored = (others.length > 0 ? others : families).sort((a, b) => a.size - b.size || families.indexOf(a) - families.indexOf(b));
  const serial: string[] = [];
  for (let i = 0; specs.length < size && families.length > 0; i++) {
    const pool = i % 2 === 0 ? promising : underExplored;
    const family = pool[Math.floor(i / 2) % pool.length];
    if (!family?.best) break;
    const parent = family.best.id;
    const operator = stale(family) >= settings.plateauWaves ? 'fan-out' : 'deepen';
    specs.push(explorer([parent], operator));
    serial.push(`${parent} (${operator}${i % 2 === 0 ? ', promising' : ', under-explored'})`);
  }
  if (serial.length > 0) reasons.push(`explorers on ${serial.join(', ')}`);
  return { specs, rationale: reasons.join('; ') };
};

