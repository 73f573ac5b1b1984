import type { StatusReport } from '../core/views/report.js';
import { inFlightLine } from './render/status-in-flight.js';
import { renderProgressLine, renderStatus } from './render/status-table.js';

export interface WatchOptions {
  /** The run's status, read afresh each interval until the run ends (`watchStatus` of the API). */
  reports: AsyncIterable<StatusReport>;
  out: NodeJS.WriteStream;
  color: boolean;
  all: boolean;
}

const HOME_AND_CLEAR = '\u001b[H\u001b[2J';

/** A plain line for logs and pipes: the progress line, then what is in flight. */
const plainLine = (report: StatusReport, now: number): string => {
  const flying = inFlightLine(report.attempts, now);
  return flying === '' ? renderProgressLine(report, now) : `${renderProgressLine(report, now)} · in flight: ${flying}`;
};

/** What must change for a plain line to be printed again (elapsed times alone do not count). */
const plainKey = (report: StatusReport): string =>
  JSON.stringify([report.run.status, report.counts, report.best?.id ?? null, report.attempts.filter((a) => a.status === 'running').map((a) => [a.id, a.phase])]);

/**
 * `swarm status --watch`: on a terminal, redraws the whole status in place at each report; on a
 * pipe or file, prints a plain line whenever the run moves (an attempt starts, changes phase or
 * ends). The reports (the API's `watchStatus`) end after the run is no longer running, or when
 * the watch is stopped.
 */
export const renderStatusWatch = async (options: WatchOptions): Promise<void> => {
  const tty = options.out.isTTY === true;
  let lastKey = '';
  for await (const report of options.reports) {
    const now = Date.now();
    if (tty) {
      const width = options.out.columns ?? 120;
      options.out.write(`${HOME_AND_CLEAR}${renderStatus(report, { color: options.color, now, width, all: options.all })}`);
    } else {
      const key = plainKey(report);
      if (key !== lastKey) options.out.write(`${plainLine(report, now)}\n`);
      lastKey = key;
    }
  }
};
