import type { AttemptId } from '../../domain/ids.js';
import { parentsUnderOptimization } from '../../domain/population.js';
import { isBetter } from '../../domain/score.js';
import type { RulesSettings } from './rules.js';
import type { AttemptSpec } from '../../domain/types.js';
import { NICHE_BETA, pickNiches, refinementsExhausted, summarizeNiches, type Niche, type NicheDescriptor } from './niches.js';
import { makeSpec, type PolicyInput, type PolicyPlan } from '../policy-input.js';
import { frontLeaders } from '../../objectives/front-leaders.js';

/** The rules policy's settings, plus the niche metric. */
export type SwarmSettings = RulesSettings & {
  /** What names an attempt's niche (an evaluator metric or the code signature); null: niches are lineages. */
  niche: NicheDescriptor;
};

/**
 * SwarmResearch discipline: a large diverse first wave from the baseline; then optimizers (up to
 * half the wave) on the clear leaders (niches beating the baseline) and on the rising niche gaining
 * most per attempt, one per parent at a time and at most MAX_REFINEMENTS per program; serial explorers on the best
 * program of each niche, spread by an upper confidence bound of the niche's gain per attempt, so a
 * young niche that starts below the incumbent gets tries and keeps them while it improves; fan-outs
 * from niches that plateaued; fresh explorers from the baseline when every niche plateaued; and
 * now and then a merge of the leaders of two different niches. A niche is a behavior descriptor
 * value when `niche` names one, else a lineage. Explorers are told what was already tried in their
 * lineage and across the population, never what to do.
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
  const niches = summarizeNiches(attempts, direction, settings.niche);
  const stale = (n: Niche): number => Math.max(0, input.wave - 1 - n.bestWave);
  const leaders = niches.filter((n) => isBetter(n.best.score, baseline?.score ?? null, direction)).slice(0, settings.leaders);
  // With several objectives, programs spread along the Pareto front lead the refinements and merges.
  const fromFront = frontLeaders(attempts, input.front, direction, settings.leaders).filter((a) => a.id !== input.baselineId);
  const specs: AttemptSpec[] = [];
  const reasons: string[] = [];

  const allPlateaued = niches.length === 0 || niches.every((n) => stale(n) >= settings.plateauWaves);
  if (allPlateaued || leaders.length === 0) {
    const fresh = niches.length === 0 ? size : Math.max(1, Math.ceil(size / 3));
    const informedBy = leaders.map((n) => n.best.id);
    for (let i = 0; i < fresh && specs.length < size; i++) specs.push(explorer([input.baselineId], 'explore', informedBy));
    reasons.push(niches.length === 0 ? `nothing scored yet: ${fresh} explorers from baseline` : `every niche plateaued: ${fresh} fresh explorers from baseline`);
  }

  const mergeable = fromFront.length >= 2 ? fromFront : leaders.map((n) => n.best);
  if (settings.mergeEvery > 0 && input.wave % settings.mergeEvery === 0 && mergeable.length >= 2 && specs.length < size) {
    const [first, second] = mergeable;
    if (first && second) {
      specs.push(makeSpec(input, { parents: [first.id, second.id], role: 'explorer', operator: 'merge' }));
      reasons.push(`merge of ${fromFront.length >= 2 ? 'front members' : 'niche leaders'} ${first.id} and ${second.id}`);
    }
  }

  // Optimizers on the clear leaders, one per parent, on up to half the wave; once leaders exist, a
  // niche still below the baseline that is gaining gets one too: small evaluated steps keep the
  // gains that bold re-randomization keeps destroying.
  const busy = parentsUnderOptimization(attempts);
  const optimized: AttemptId[] = [];
  const [rising] = pickNiches(niches.filter((n) => n.reward > 0 && !leaders.includes(n)), 1, NICHE_BETA);
  // Without leaders the baseline is still the incumbent: it is refined like a leader.
  const refinable =
    fromFront.length > 0 ? [...fromFront, ...(rising ? [rising.best] : [])]
    : leaders.length === 0 ? (baseline ? [baseline] : [])
    : [...leaders, ...(rising ? [rising] : [])].map((n) => n.best);
  for (const program of refinable) {
    if (optimized.length >= Math.max(1, Math.floor(size / 2)) || specs.length >= size) break;
    if (busy.has(program.id) || refinementsExhausted(attempts, program.id)) continue;
    busy.add(program.id);
    optimized.push(program.id);
    specs.push(makeSpec(input, { parents: [program.id], role: 'optimizer', operator: 'deepen' }));
  }
  if (optimized.length > 0) reasons.push(`optimizer on ${optimized.join(', ')}`);

  const serial: string[] = [];
  for (const niche of pickNiches(niches, size - specs.length, NICHE_BETA)) {
    const operator = stale(niche) >= settings.plateauWaves ? 'fan-out' : 'deepen';
    specs.push(explorer([niche.best.id], operator));
    serial.push(`${niche.best.id} (${operator}, ${niche.key}: ${niche.spent} tried)`);
  }
  if (serial.length > 0) reasons.push(`explorers by niche UCB on ${serial.join(', ')}`);
  return { specs, rationale: reasons.join('; ') };
};
