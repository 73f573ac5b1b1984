import { makeSpec, type PolicyInput, type PolicyPlan } from '../policy-input.js';

export interface RandomSettings {
  waveSize: number;
}

/**
 * Random sampling, the floor every search should beat: every attempt is an explorer on the
 * baseline, so each one is an independent draw and nothing found is built on.
 */
export const planRandom = (input: PolicyInput & { settings: RandomSettings }): PolicyPlan => {
  const size = Math.min(input.settings.waveSize, input.maxAttempts);
  const specs = Array.from({ length: Math.max(0, size) }, () => makeSpec(input, { parents: [input.baselineId], role: 'explorer', operator: 'explore' }));
  return { specs, rationale: specs.length === 0 ? 'no slot free' : `random: ${specs.length} independent explorer(s) on the baseline` };
};
