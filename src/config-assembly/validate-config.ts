import { formatConfigIssues } from './format-issues.js';
import type { SwarmConfig } from './resolve-config.js';
import { configSchema } from './schema.js';

export type ConfigValidation = { ok: true; config: SwarmConfig } | { ok: false; problems: string[] };

/** Validates the parsed content of a `.swarmrc.json` and resolves it; returns every problem at once. */
export const validateConfig = (raw: unknown): ConfigValidation => {
  const result = configSchema.safeParse(raw);
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, problems: formatConfigIssues(result.error.issues, raw) };
};
