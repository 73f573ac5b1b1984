import { SwarmError } from '../../core/domain/errors.js';
import type { RunQueries } from '../../core/ports/index.js';
import type { RunRecord } from '../../store/records.js';

/** The run named by `--run`, or the latest one. */
export const selectRun = (store: RunQueries, id?: string): RunRecord => {
  const run = id ? store.getRun(id) : store.latestRun();
  if (run) return run;
  if (id) {
    const known = store.listRuns().map((r) => r.id);
    throw new SwarmError('NOT_FOUND', `no run ${id} in this repository; known runs: ${known.join(', ') || 'none'}`);
  }
  throw new SwarmError('NOT_FOUND', 'no run recorded in this repository yet; start one with `swarm run`');
};
