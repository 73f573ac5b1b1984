import type { StatusReport } from '../../core/views/report.js';
import { openStoreFile } from '../project/open-project.js';
import { buildStatusReport } from './status.js';

/** A run followed from its database while another part of the process writes it. */
export interface RunProgress {
  /** The run's status now, as `swarm status` would report it. */
  read(): StatusReport;
  close(): void;
}

/** Opens the run's database on its own connection (the driver keeps writing through its own). */
export const followRunProgress = (dbFile: string, runId: string): RunProgress => {
  const store = openStoreFile(dbFile, 'existing');
  return {
    read: () => buildStatusReport(store, runId),
    close: () => store.close(),
  };
};
