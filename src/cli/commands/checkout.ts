import type { Command } from 'commander';
import { printJson } from '../options.js';
import { checkout } from '../../index.js';

export const registerCheckout = (program: Command): void => {
  program
    .command('checkout')
    .description("restore an attempt's branch as a worktree to inspect, run or continue it")
    .argument('<attempt>', 'attempt id, e.g. a7')
    .argument('[dir]', 'where to put the worktree (default .swarm/checkouts/<attempt>)')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, dir: string | undefined, flags: { json?: boolean }) => {
      const result = await checkout({ cwd: process.cwd(), attemptId: id, ...(dir ? { dir } : {}), progress: (line) => process.stderr.write(`${line}\n`) });
      if (flags.json) {
        printJson(result);
        return;
      }
      const p = result.provisioned;
      const done = [`${p.copied} file(s) carried in`, ...(p.linked.length > 0 ? [`linked ${p.linked.join(', ')}`] : []), ...(p.setup === null ? [] : [`setup ${p.setup}`])];
      process.stdout.write(`${id} (${result.branch}) checked out at ${result.path}, provisioned as the attempt's worktree: ${done.join(', ')}\n`);
      for (const line of p.leftOut) process.stdout.write(`  left out: ${line}\n`);
    });
};
