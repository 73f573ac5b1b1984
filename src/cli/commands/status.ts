import { InvalidArgumentError, type Command } from 'commander';
import { printJson, useColor } from '../options.js';

const seconds = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.1) throw new InvalidArgumentError(`expected seconds >= 0.1, got "${value}"`);
  return n;
};

export const registerStatus = (program: Command): void => {
  program
    .command('status')
    .description('show the latest run: waves, attempts in flight, attempts (role, parent, score, status, duration), best so far')
    .option('--run <id>', 'a run other than the latest')
    .option('--all', 'list every attempt, not a digest')
    .option('--json', 'print the status report as JSON')
    .option('-w, --watch', 'follow the run until it ends: redraw in place on a terminal, a line per change otherwise')
    .option('--interval <seconds>', 'how often --watch reads the run', seconds, 1)
    .action(async (flags: { run?: string; all?: boolean; json?: boolean; watch?: boolean; interval: number }) => {
      const { getStatus } = await import('../../app/queries/status.js');
      const read = () => getStatus({ cwd: process.cwd(), ...(flags.run ? { runId: flags.run } : {}) });
      if (flags.watch && !flags.json) {
        const { watchStatus } = await import('../watch-status.js');
        const stop = new AbortController();
        const onSignal = (): void => {
          stop.abort();
          process.exitCode = 130;
        };
        process.once('SIGINT', onSignal);
        try {
          await watchStatus({ read, out: process.stdout, intervalMs: flags.interval * 1000, color: useColor(process.stdout), all: flags.all ?? false, signal: stop.signal });
        } finally {
          process.off('SIGINT', onSignal);
        }
        return;
      }
      if (flags.json) return printJson(await read());
      // Plain status of a long run prints a digest: read only what it shows (`--all` reads every row).
      const { DIGEST_THRESHOLD } = await import('../render/status-rows.js');
      const { getStatusDigest } = await import('../../app/queries/status-digest.js');
      const report = flags.all
        ? await read()
        : await getStatusDigest({ cwd: process.cwd(), threshold: DIGEST_THRESHOLD, ...(flags.run ? { runId: flags.run } : {}) });
      const { renderStatus } = await import('../render/status-table.js');
      process.stdout.write(`${renderStatus(report, { color: useColor(process.stdout), now: Date.now(), width: process.stdout.columns ?? 120, all: flags.all ?? false })}\n`);
    });
};
