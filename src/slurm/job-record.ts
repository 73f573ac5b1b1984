/** One job as `scontrol show job -o <id>` describes it. */
export interface SlurmJobRecord {
  state: string;
  reason: string | null;
  exitCode: number | null;
  /** The signal number that ended the job's script, from ExitCode=<code>:<signal>. */
  signal: number | null;
  node: string | null;
  submitTime: number | null;
  startTime: number | null;
  endTime: number | null;
}

const fieldsOf = (line: string): Map<string, string> => {
  const fields = new Map<string, string>();
  // Values never contain spaces except Command/WorkDir/StdOut paths with spaces, which we do not read.
  for (const token of line.trim().split(/\s+/)) {
    const eq = token.indexOf('=');
    if (eq > 0 && !fields.has(token.slice(0, eq))) fields.set(token.slice(0, eq), token.slice(eq + 1));
  }
  return fields;
};

const time = (value: string | undefined): number | null => {
  if (value === undefined || value === 'Unknown' || value === 'None' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

const nullable = (value: string | undefined): string | null => (value === undefined || value === '(null)' || value === 'None' || value === '' ? null : value);

/** Parses one line of `scontrol show job -o`; null when it is not a job record. */
export const parseJobRecord = (line: string): SlurmJobRecord | null => {
  const fields = fieldsOf(line);
  const state = fields.get('JobState');
  if (state === undefined) return null;
  const [code, signal] = (fields.get('ExitCode') ?? '').split(':');
  const number = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);
  return {
    state,
    reason: nullable(fields.get('Reason')),
    exitCode: number(code),
    signal: number(signal),
    node: nullable(fields.get('BatchHost')) ?? nullable(fields.get('NodeList')),
    submitTime: time(fields.get('SubmitTime')),
    startTime: time(fields.get('StartTime')),
    endTime: time(fields.get('EndTime')),
  };
};

/** What a Slurm state means for swarm: still going, done, the program's failure, or the cluster's. */
export type JobVerdict = 'waiting' | 'running' | 'completed' | 'failed' | 'timeout' | 'out-of-memory' | 'cluster-failure' | 'canceled';

const CLUSTER_FAILURES = new Set(['NODE_FAIL', 'BOOT_FAIL', 'PREEMPTED', 'DEADLINE', 'REVOKED', 'SPECIAL_EXIT', 'REQUEUED', 'REQUEUE_FED', 'REQUEUE_HOLD']);

export const judgeJobState = (state: string): JobVerdict => {
  const base = state.split(/[+ ]/)[0] ?? state;
  if (base === 'PENDING' || base === 'CONFIGURING' || base === 'RESV_DEL_HOLD' || base === 'SUSPENDED' || base === 'STOPPED') return 'waiting';
  if (base === 'RUNNING' || base === 'COMPLETING' || base === 'SIGNALING' || base === 'STAGE_OUT' || base === 'RESIZING') return 'running';
  if (base === 'COMPLETED') return 'completed';
  if (base === 'FAILED') return 'failed';
  if (base === 'TIMEOUT') return 'timeout';
  if (base === 'OUT_OF_MEMORY') return 'out-of-memory';
  if (base === 'CANCELLED') return 'canceled';
  if (CLUSTER_FAILURES.has(base)) return 'cluster-failure';
  return 'cluster-failure';
};
