import { isBetter, type Direction } from '../domain/score.js';

/** What one backend (an `agent.pool` entry, or the run's single agent) did in a run. */
export interface BackendFigures {
  /** The entry's name (the attempts' `backend`). */
  name: string;
  /** Its model; null = the backend's own default (or none, for local). */
  model: string | null;
  /** Its attempts, interrupted ones left out. */
  attempts: number;
  /** Its scored attempts that beat their first parent. */
  improvements: number;
  costUsd: number;
}

interface Row {
  id: string;
  role: string;
  backend: string;
  status: string;
  score: number | null;
  parents: readonly string[];
  costUsd: number;
}

/**
 * Per-backend figures of a run's attempts (the baseline left out), in the order `models` names the
 * backends, then any other backend in order of its first attempt.
 */
export const backendFigures = (rows: readonly Row[], direction: Direction, models: ReadonlyMap<string, string | null>): BackendFigures[] => {
  const scoreOf = new Map(rows.map((r) => [r.id, r.status === 'scored' ? r.score : null]));
  const figures = new Map<string, BackendFigures>();
  for (const [name, model] of models) figures.set(name, { name, model, attempts: 0, improvements: 0, costUsd: 0 });
  for (const row of rows) {
    if (row.role === 'baseline' || row.status === 'interrupted') continue;
    const entry = figures.get(row.backend) ?? { name: row.backend, model: models.get(row.backend) ?? null, attempts: 0, improvements: 0, costUsd: 0 };
    entry.attempts += 1;
    entry.costUsd += row.costUsd;
    const parent = row.parents[0];
    const parentScore = parent === undefined ? null : scoreOf.get(parent) ?? null;
    if (row.status === 'scored' && row.score !== null && parentScore !== null && isBetter(row.score, parentScore, direction)) entry.improvements += 1;
    figures.set(row.backend, entry);
  }
  return [...figures.values()];
};

/** "local 5 attempts, 2 improved, $0.0000 · openai:gpt-5-mini 3 attempts, …": one text for status, report and dashboard; '' for a single backend. */
export const describeBackendFigures = (figures: readonly BackendFigures[] | undefined, dollars: (usd: number) => string): string =>
  figures === undefined || figures.length < 2
    ? ''
    : figures
      .map((f) => `${f.name}${f.model !== null && !f.name.includes(f.model) ? ` (${f.model})` : ''} ${f.attempts} attempt${f.attempts === 1 ? '' : 's'}, ${f.improvements} improved, ${dollars(f.costUsd)}`)
      .join(' · ');
