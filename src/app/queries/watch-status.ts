import { setTimeout as sleep } from 'node:timers/promises';
import type { StatusReport } from '../../core/views/report.js';
import { getStatus } from './status.js';

/**
 * `swarm status --watch`: the run's status read afresh (a new read of the database each time)
 * every `intervalMs`, the first at once; ends after the report of a run that no longer runs, or
 * when `signal` aborts.
 */
export async function* watchStatus(options: { cwd: string; runId?: string; intervalMs: number; signal: AbortSignal }): AsyncGenerator<StatusReport, void, undefined> {
  for (;;) {
    const report = await getStatus({ cwd: options.cwd, ...(options.runId === undefined ? {} : { runId: options.runId }) });
    yield report;
    if (report.run.status !== 'running' || options.signal.aborted) return;
    try {
      await sleep(options.intervalMs, undefined, { signal: options.signal });
    } catch {
      return;
    }
  }
}
