import { InvalidArgumentError, type Command } from 'commander';
import { status, statusDigest, watchStatus } from '../../index.js';
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
      const run = flags.run ? { runId: flags.run } : {};
      if (flags.watch && !flags.json) {
        const { renderStatusWatch } = await import('../watch-status.js');
        const stop = new AbortController();
        const onSignal = (): void => {
          stop.abort();
          process.exitCode = 130;
        };
        process.once('SIGINT', onSignal);
        try {
          const reports = watchStatus({ cwd: process.cwd(), ...run, intervalMs: flags.interval * 1000, signal: stop.signal });
          await renderStatusWatch({ reports, out: process.stdout, color: useColor(process.stdout), all: flags.all ?? false });
        } finally {
          process.off('SIGINT', onSignal);
        }
        return;
      }
      if (flags.json) return printJson(await status({ cwd: process.cwd(), ...run }));
      // Plain status of a long run prints a digest: read only what it shows (`--all` reads every row).
      const { DIGEST_THRESHOLD } = await import('../render/status-rows.js');
      const report = flags.all ? await status({ cwd: process.cwd(), ...run }) : await statusDigest({ cwd: process.cwd(), threshold: DIGEST_THRESHOLD, ...run });
      const { renderStatus } = await import('../render/status-table.js');
      process.stdout.write(`${renderStatus(report, { color: useColor(process.stdout), now: Date.now(), width: process.stdout.columns ?? 120, all: flags.all ?? false })}\n`);
    });
};
