import type { LimitWaitRow } from '../../core/views/report.js';
import type { AttemptRow } from '../../core/views/report.js';
import type { RunStatus } from '../../core/domain/types.js';
import type { RunStore } from '../../core/ports/run-store.js';
import { WAITING_EVENT, waitingData } from './backend-gate.js';

/**
 * The limits a running run waits on, one row per backend: its latest reset and the attempts
 * parked on it (phase `waiting`). A backend's row stays while its reset is ahead or an attempt
 * is still parked; none for a run that is not running.
 */
export const limitWaits = (store: Pick<RunStore, 'listEventsOfType'>, run: { id: string; status: RunStatus }, rows: readonly AttemptRow[], now: number): LimitWaitRow[] => {
  if (run.status !== 'running') return [];
  const latest = new Map<string, LimitWaitRow>();
  for (const event of store.listEventsOfType(run.id, [WAITING_EVENT])) {
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      continue;
    }
    const parsed = waitingData.safeParse(json);
    if (!parsed.success) continue;
    const { backend, kind, until, detail } = parsed.data;
    const seen = latest.get(backend);
    if (seen === undefined || until > seen.until) latest.set(backend, { backend, kind, until, detail, since: event.at, attempts: [] });
  }
  for (const row of rows) if (row.status === 'running' && row.phase === 'waiting') latest.get(row.backend)?.attempts.push(row.id);
  return [...latest.values()].filter((wait) => wait.until > now || wait.attempts.length > 0);
};
