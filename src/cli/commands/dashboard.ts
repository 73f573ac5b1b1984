import { InvalidArgumentError, type Command } from 'commander';
import { SwarmError } from '../../core/domain/errors.js';
import { dashboard, dashboardSnapshot, newDashboardToken } from '../../index.js';
import { writeResult } from '../output-file.js';

const port = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new InvalidArgumentError(`expected a port from 0 to 65535, got "${value}"`);
  return n;
};

export const registerDashboard = (program: Command): void => {
  program
    .command('dashboard')
    .description('serve a read-only live view of the run on 127.0.0.1: tree, attempts, score plot, in-flight attempts, events')
    .option('--port <port>', 'port to listen on (default: a free one)', port, 0)
    .option('--run <id>', 'a run other than the latest')
    .option('--token [secret]', 'on a shared machine: every request must carry this secret (a random one when none is given); the printed URL carries it')
    .option('--once', 'write a static snapshot of the page (no server, no connection) and exit; with -o file')
    .option('-o, --output <file>', 'with --once: the file to write (default: stdout)')
    .action(async (flags: { port: number; run?: string; token?: string | true; once?: boolean; output?: string }) => {
      if (flags.once) {
        const snapshot = await dashboardSnapshot({ cwd: process.cwd(), ...(flags.run ? { runId: flags.run } : {}) });
        await writeResult(snapshot.html, flags.output);
        return;
      }
      if (flags.output) throw new SwarmError('USAGE', '-o writes a snapshot: add --once (a live dashboard is served, not written)');
      const token = flags.token === undefined ? null : flags.token === true ? await newDashboardToken() : flags.token;
      if (token === '') throw new SwarmError('USAGE', 'an empty --token protects nothing; give a secret, or --token alone for a random one');
      const served = await dashboard({ cwd: process.cwd(), port: flags.port, token, ...(flags.run ? { runId: flags.run } : {}) });
      process.stdout.write(`dashboard of run ${served.runId}: ${served.url}\n(read-only${flags.run ? '' : '; follows newer runs, --run pins one'}; Ctrl-C stops it)\n`);
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals): void => {
          process.exitCode = signal === 'SIGINT' ? 130 : 0;
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await served.close();
    });
};
