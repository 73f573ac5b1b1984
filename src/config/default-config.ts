import { SwarmError } from '../core/errors.js';
import type { Direction } from '../core/score.js';
import { configSchema, type SwarmConfigInput } from './schema.js';
import { formatConfigIssues } from './format-issues.js';

export const SCHEMA_REFERENCE = './node_modules/swarm-orchestrator/schema.json';

export interface DefaultConfigOptions {
  command: string;
  metric?: string;
  direction?: Direction;
}

/** The complete `.swarmrc.json` that `swarm init` writes: every key spelled out with its default. */
export const defaultConfigFile = (options: DefaultConfigOptions): SwarmConfigInput =>
  completeConfigFile({
    objective: { metric: options.metric ?? 'score', direction: options.direction ?? 'maximize' },
    evaluator: { command: options.command },
  });

/** A config file with every key spelled out: `input` with the defaults filled in and `$schema` set. */
export const completeConfigFile = (partial: SwarmConfigInput): SwarmConfigInput => {
  const input: SwarmConfigInput = { $schema: SCHEMA_REFERENCE, ...partial };
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const problems = formatConfigIssues(result.error.issues, input).join('; ');
    throw new SwarmError('USAGE', `cannot write a config: ${problems}`);
  }
  return result.data;
};
