import { SwarmError } from '../core/domain/errors.js';
import type { Direction } from '../core/domain/score.js';
import { configSchema, type SwarmConfigInput } from './schema.js';
import { formatConfigIssues } from './format-issues.js';
import { withWrittenDefaults } from '../config/written-defaults.js';

/** Where `swarm init` writes a copy of schema.json, as the config's `$schema` names it (see docs/decisions.md). */
export const SCHEMA_REFERENCE = './.swarm/schema.json';

export interface DefaultConfigOptions {
  command: string;
  metric?: string;
  direction?: Direction;
}

/** The complete `.swarmrc.json` that `swarm init` writes: every key spelled out with its default. */
export const defaultConfigFile = (options: DefaultConfigOptions): Record<string, unknown> =>
  completeConfigFile({
    objective: { metric: options.metric ?? 'score', direction: options.direction ?? 'maximize' },
    evaluator: { command: options.command },
  });

/** A config file with every key spelled out: `input` with the defaults filled in and `$schema` set. */
export const completeConfigFile = (partial: SwarmConfigInput): Record<string, unknown> => {
  const input: SwarmConfigInput = { $schema: SCHEMA_REFERENCE, ...partial };
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const problems = formatConfigIssues(result.error.issues, input).join('; ');
    throw new SwarmError('USAGE', `cannot write a config: ${problems}`);
  }
  return withWrittenDefaults(configSchema, { ...input });
};
