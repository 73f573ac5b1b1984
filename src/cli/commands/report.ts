import { resolve } from 'node:path';
import type { Command } from 'commander';
import { report } from '../../index.js';

export const registerReport = (program: Command): void => {
  program
    .command('report')
    .description('write one self-contained HTML file (no network) with the evolution tree, the plots and every attempt')
    .option('-o, --output <file>', 'where to write it (default .swarm/report-<run>.html; - for stdout)')
    .option('--run <id>', 'a run other than the latest')
    .action(async (flags: { output?: string; run?: string }) => {
      const output = flags.output === undefined || flags.output === '-' ? flags.output : resolve(flags.output);
      const result = await report({ cwd: process.cwd(), ...(flags.run ? { runId: flags.run } : {}), ...(output !== undefined ? { output } : {}) });
      if (result.path === null) process.stdout.write(result.html);
      else process.stdout.write(`report written to ${result.path}\n`);
    });
};
