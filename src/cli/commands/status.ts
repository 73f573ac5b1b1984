import type { Command } from 'commander';
import { printJson, useColor } from '../options.js';
import { renderStatus } from '../render/status-table.js';

export const registerStatus = (program: Command): void => {
  program
    .command('status')
    .description('show the latest run: waves, attempts (role, parent, score, status, duration), best so far')
    .option('--run <id>', 'a run other than the latest')
    .option('--all', 'list every attempt, not a digest')
    .option('--json', 'print the status report as JSON')
    .action(async (flags: { run?: string; all?: boolean; json?: boolean }) => {
      const { getStatus } = await import('../../app/status.js');
      const report = await getStatus({ cwd: process.cwd(), ...(flags.run ? { runId: flags.run } : {}) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${renderStatus(report, { color: useColor(process.stdout), now: Date.now(), width: process.stdout.columns ?? 120, all: flags.all ?? false })}\n`);
    });
};
