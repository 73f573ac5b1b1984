import { bestAttempt, parentsUnderOptimization } from '../../domain/population.js';
import { makeSpec, type PolicyInput, type PolicyPlan } from '../policy-input.js';

export interface GreedySettings {
  waveSize: number;
}

/**
 * The autoresearch yardstick: one lineage. Every attempt starts from the incumbent (the best
 * scored program so far, the baseline until something beats it), so improvements are kept and
 * everything else is dropped; one optimizer refines the incumbent while the other slots try one
 * change each on it.
 */
export const planGreedy = (input: PolicyInput & { settings: GreedySettings }): PolicyPlan => {
  const size = Math.min(input.settings.waveSize, input.maxAttempts);
  const best = bestAttempt(input.attempts, input.direction);
  const parent = best?.id ?? input.baselineId;
  const specs = [];
  const busy = parentsUnderOptimization(input.attempts);
  if (size > 0 && !busy.has(parent)) specs.push(makeSpec(input, { parents: [parent], role: 'optimizer', operator: 'deepen' }));
  while (specs.length < size) {
    specs.push(makeSpec(input, { parents: [parent], role: 'explorer', operator: parent === input.baselineId ? 'explore' : 'deepen' }));
  }
  return { specs, rationale: specs.length === 0 ? 'no slot free' : `greedy: ${specs.length} attempt(s) on the incumbent ${parent}` };
};
