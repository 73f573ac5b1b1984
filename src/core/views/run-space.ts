/** The event a run's driver records with the space the run uses, as it measured it last. */
export const RUN_SPACE_EVENT = 'run.space';

/** The event of an attempt whose logs were cut to keep the run's logs under log.maxRunLogBytes. */
export const LOGS_TRIMMED_EVENT = 'attempt.logs-trimmed';

/**
 * The space a run uses, as its driver last measured it (disk space, as `du` counts it): its logs
 * under `.swarm/logs` against `log.maxRunLogBytes`, what was cut from them, its worktrees and the
 * database. Recorded in the store, so `status --json` reads it without walking any folder.
 */
export interface RunSpace {
  logBytes: number;
  /** log.maxRunLogBytes; 0 = no cap. */
  logCapBytes: number;
  /** Bytes left out of the run's logs (cut to head and tail) to keep under the cap. */
  logsDroppedBytes: number;
  logFilesTrimmed: number;
  /** Worktree folders present when measured. */
  worktrees: number;
  /** The size of one provisioned worktree of the run (files, links not followed); null until measured. */
  worktreeBytes: number | null;
  /** The database with its write-ahead log. */
  dbBytes: number;
  /** When it was measured (ms). */
  at: number;
}

const KEYS = ['logBytes', 'logCapBytes', 'logsDroppedBytes', 'logFilesTrimmed', 'worktrees', 'worktreeBytes', 'dbBytes', 'at'] as const;

const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The recorded space of a run from an event's data (JSON read back from the store), in key order; null when there is none or it is not one. */
export const runSpaceOf = (json: string | null | undefined): RunSpace | null => {
  if (json === null || json === undefined) return null;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const fields = new Map(Object.entries(data));
  const value = (key: (typeof KEYS)[number]): unknown => fields.get(key);
  if (!KEYS.every((key) => count(value(key)) || (key === 'worktreeBytes' && value(key) === null))) return null;
  const at = (key: (typeof KEYS)[number]): number => Number(value(key));
  const worktreeBytes = value('worktreeBytes');
  return {
    logBytes: at('logBytes'),
    logCapBytes: at('logCapBytes'),
    logsDroppedBytes: at('logsDroppedBytes'),
    logFilesTrimmed: at('logFilesTrimmed'),
    worktrees: at('worktrees'),
    worktreeBytes: typeof worktreeBytes === 'number' ? worktreeBytes : null,
    dbBytes: at('dbBytes'),
    at: at('at'),
  };
};

/** The files and bytes an `attempt.logs-trimmed` event's data (JSON from the store) says were cut; zero when unreadable. */
export const trimmedOf = (json: string): { files: number; droppedBytes: number } => {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { files: 0, droppedBytes: 0 };
  }
  const fields = typeof data === 'object' && data !== null ? new Map(Object.entries(data)) : new Map<string, unknown>();
  const files = fields.get('files');
  const droppedBytes = fields.get('droppedBytes');
  return typeof files === 'number' && typeof droppedBytes === 'number' ? { files, droppedBytes } : { files: 0, droppedBytes: 0 };
};

const MIB = 1024 * 1024;

/** Bytes in KiB, MiB or GiB, one decimal. */
export const formatSpaceBytes = (bytes: number): string =>
  bytes >= 1024 * MIB ? `${(bytes / (1024 * MIB)).toFixed(1)} GiB` : bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/** One line of the space a run uses: `logs 40.1 MiB of 50.0 MiB (cap; 120.0 MiB cut from 6 files) · worktrees 4 × ~2.0 MiB · db 1.2 MiB`. */
export const runSpaceLine = (space: RunSpace): string => {
  const cap = space.logCapBytes > 0 ? ` of ${formatSpaceBytes(space.logCapBytes)} (log.maxRunLogBytes)` : '';
  const cut = space.logsDroppedBytes > 0 ? `, ${formatSpaceBytes(space.logsDroppedBytes)} cut from ${space.logFilesTrimmed} file${space.logFilesTrimmed === 1 ? '' : 's'}` : '';
  const each = space.worktreeBytes === null ? '' : ` × ~${formatSpaceBytes(space.worktreeBytes)}`;
  return `logs ${formatSpaceBytes(space.logBytes)}${cap}${cut} · worktrees ${space.worktrees}${each} · db ${formatSpaceBytes(space.dbBytes)}`;
};
