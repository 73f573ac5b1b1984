import { backendSettings } from '../backend-settings.js';

/** `agent.local`: how the offline mutator draws and steps. */
export const localSettings = backendSettings({
  key: 'local',
  description: 'Settings of the offline "local" backend.',
  schema: ({ z, int }) => z.strictObject({
    explorerMutations: int(1, 1000).default(3).describe('Numeric literals an explorer of the local backend mutates.'),
    explorerSampling: z
      .enum(['mutate', 'sample'])
      .default('mutate')
      .describe('How an explorer of the local backend draws: "mutate" re-randomizes explorerMutations literals (a choice always to another alternative); "sample" draws every site afresh, each choice uniformly over all its declared alternatives (random sampling).'),
    optimizerSteps: int(1, 1000).default(4).describe('Successive refinements an optimizer of the local backend tries.'),
    stepScale: z.number().positive().max(10).default(0.05).describe('Relative size of one local mutation step.'),
  }),
});
