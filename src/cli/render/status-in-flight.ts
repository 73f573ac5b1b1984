import type { AttemptRow } from '../../core/views/report.js';
import { pad, textWidth, type Paint } from './ansi.js';
import { formatDuration } from './format-duration.js';
import { attemptDurationMs } from './status-rows.js';
import { sortAttempts } from '../../core/views/node-order.js';

/** Running attempts, oldest first. */
export const inFlight = (attempts: readonly AttemptRow[]): AttemptRow[] => sortAttempts(attempts.filter((row) => row.status === 'running'));

/**
 * The in-flight section of `swarm status`: one line per running attempt with its role, parents,
 * phase (prepare, agent, commit, evaluate, record) and time since it started. Empty when none runs.
 */
export const renderInFlight = (attempts: readonly AttemptRow[], paint: Paint, now: number): string[] => {
  const running = inFlight(attempts);
  if (running.length === 0) return [];
  const jobs = running.some((row) => row.agentJob);
  const cells = running.map((row) => {
    const ms = attemptDurationMs(row, now);
    return [row.id, row.role, row.parents.join(',') || '—', row.phase, ...(jobs ? [agentJobCell(row)] : []), ms === null ? '—' : formatDuration(ms)];
  });
  const titles = ['attempt', 'role', 'parents', 'phase', ...(jobs ? ['agent job'] : []), 'elapsed'];
  const widths = titles.map((title, i) => Math.max(textWidth(title), ...cells.map((line) => textWidth(line[i] ?? ''))));
  const line = (values: readonly string[]): string =>
    `    ${values.map((value, i) => pad(value, widths[i] ?? 0, i === values.length - 1 ? 'right' : 'left')).join('  ')}`.trimEnd();
  return [paint(`in flight (${running.length})`, 'bold'), paint(line(titles), 'dim'), ...cells.map((values) => paint(line(values), 'yellow'))];
};

/** `812 on gpu07` once it runs, `812 PENDING` while it waits; `—` for an attempt without one. */
const agentJobCell = (row: AttemptRow): string => {
  const job = row.agentJob;
  if (!job) return '—';
  return job.node !== null && job.pendingMs !== null ? `${job.jobId} on ${job.node}` : `${job.jobId} ${job.state}`;
};

/** The in-flight attempts on one line for plain output: `a6 agent 3.2s, a7 evaluate 1.0s`. */
export const inFlightLine = (attempts: readonly AttemptRow[], now: number): string =>
  inFlight(attempts)
    .map((row) => {
      const ms = attemptDurationMs(row, now);
      return `${row.id} ${row.phase}${ms === null ? '' : ` ${formatDuration(ms)}`}`;
    })
    .join(', ');
