import type { AttemptId } from '../../domain/ids.js';
import type { PolicyInput, PolicyPlan } from '../policy-input.js';
import { parentsUnderOptimization, rankScored, wavesSinceImprovement } from '../../domain/population.js';
import { composeContext } from '../shepherd-context.js';
import type { AttemptSpec, Operator } from '../../domain/types.js';
import { frontLeaders } from '../../objectives/front-leaders.js';

export interface RulesSettings {
  initialExplorers: number;
  waveSize: number;
  leaders: number;
  plateauWaves: number;
  mergeEvery: number;
}

/** What the rules policy receives: the common policy input and its settings. */
export type PlanInput = PolicyInput & { settings: RulesSettings };

export type WavePlan = PolicyPlan;

const SEED_RANGE = 2 ** 31;

/**
 * Shepherd v0: explorers from baseline first; then optimizer chains on the leaders (one optimizer
 * per parent), fan-out explorers from the leaders, an occasional two-parent merge, and fresh
 * explorers from baseline when the best has not moved for `plateauWaves` waves.
 */
export const planRulesWave = (input: PlanInput): WavePlan => {
  const { attempts, direction, settings, rng } = input;
  const spec = (parents: AttemptId[], role: AttemptSpec['role'], operator: Operator, informedBy: AttemptId[] = []): AttemptSpec => ({
    parents,
    role,
    operator,
    backend: input.backend,
    informedBy,
    seed: rng.int(SEED_RANGE),
    context: composeContext({ attempts, direction, parents, operator }),
  });

  const searchers = attempts.filter((a) => a.role !== 'baseline');
  if (searchers.length === 0 || input.wave <= 1) {
    const size = Math.min(settings.initialExplorers, input.maxAttempts);
    return {
      specs: Array.from({ length: size }, () => spec([input.baselineId], 'explorer', 'explore')),
      rationale: `initial population: ${size} explorers from baseline`,
    };
  }

  const size = Math.min(settings.waveSize, input.maxAttempts);
  const specs: AttemptSpec[] = [];
  const reasons: string[] = [];
  // With several objectives the leaders are spread along the Pareto front; else the best scores.
  const fromFront = frontLeaders(attempts, input.front, direction, Math.max(1, settings.leaders));
  const leaders = fromFront.length > 0 ? fromFront : rankScored(attempts, direction).slice(0, Math.max(1, settings.leaders));
  const stale = wavesSinceImprovement(attempts, direction, input.wave - 1);

  if (stale >= settings.plateauWaves || leaders.length === 0) {
    const fresh = leaders.length === 0 ? size : Math.ceil(size / 2);
    const informedBy = leaders.map((l) => l.id).filter((id) => id !== input.baselineId);
    for (let i = 0; i < fresh; i++) specs.push(spec([input.baselineId], 'explorer', 'explore', informedBy));
    reasons.push(leaders.length === 0 ? `nothing scored yet: ${fresh} explorers from baseline` : `plateau for ${stale} waves: ${fresh} fresh explorers from baseline`);
  }

  const nonBaselineLeaders = leaders.filter((l) => l.id !== input.baselineId);
  if (settings.mergeEvery > 0 && input.wave % settings.mergeEvery === 0 && nonBaselineLeaders.length >= 2 && specs.length < size) {
    const [first, second] = nonBaselineLeaders;
    if (first && second) {
      specs.push(spec([first.id, second.id], 'explorer', 'merge'));
      reasons.push(`merge of ${first.id} and ${second.id}`);
    }
  }

  const busy = parentsUnderOptimization(attempts);
  for (const leader of nonBaselineLeaders.slice(0, 2)) {
    if (specs.length >= size) break;
    if (busy.has(leader.id)) continue;
    busy.add(leader.id);
    specs.push(spec([leader.id], 'optimizer', 'deepen'));
    reasons.push(`optimizer on ${leader.id}`);
  }

  let fanOuts = 0;
  for (let i = 0; specs.length < size && leaders.length > 0; i++) {
    const leader = leaders[i % leaders.length];
    if (!leader) break;
    const fromBaseline = leader.id === input.baselineId;
    specs.push(spec([leader.id], 'explorer', fromBaseline ? 'explore' : 'fan-out'));
    fanOuts++;
  }
  if (fanOuts > 0) reasons.push(`${fanOuts} fan-out explorers from the leaders (${leaders.map((l) => l.id).join(', ')})`);
  return { specs, rationale: reasons.join('; ') };
};
