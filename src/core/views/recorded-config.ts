/**
 * What `status` reads of the configuration a run recorded (runs.config_json): its evaluation
 * budget and its backends. Checked by hand, not by a schema: `swarm status --json` answers from a
 * start-up path that loads no validation library (issue 29), and the full report uses the same two
 * readers, so both print the same.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const parsed = (configJson: string): unknown => {
  try {
    return JSON.parse(configJson);
  } catch {
    return null;
  }
};

/** The `budget.evaluations` the run was started with (0 = unlimited, or a run recorded before the key existed). */
export const evaluationBudgetOf = (configJson: string): number => {
  const config = parsed(configJson);
  const evaluations = isRecord(config) && isRecord(config.budget) ? config.budget.evaluations : undefined;
  return typeof evaluations === 'number' && Number.isInteger(evaluations) && evaluations >= 0 ? evaluations : 0;
};

const isModel = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The backends the run was started with and their models: its agent.pool entries, else its single agent (none for an unreadable config). */
export const backendModelsOf = (configJson: string): Map<string, string | null> => {
  const config = parsed(configJson);
  const agent = isRecord(config) ? config.agent : undefined;
  if (!isRecord(agent) || typeof agent.backend !== 'string' || !isModel(agent.model)) return new Map();
  const { pool } = agent;
  if (pool === undefined) return new Map([[agent.backend, agent.model]]);
  if (!Array.isArray(pool) || !pool.every((e) => isRecord(e) && typeof e.name === 'string' && isModel(e.model))) return new Map();
  const entries = pool as Array<{ name: string; model: string | null }>;
  return new Map(entries.length > 0 ? entries.map((e) => [e.name, e.model]) : [[agent.backend, agent.model]]);
};
