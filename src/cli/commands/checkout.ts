import type { Command } from 'commander';
import { printJson } from '../options.js';

export const registerCheckout = (program: Command): void => {
  program
    .command('checkout')
    .description("restore an attempt's branch as a worktree to inspect, run or continue it")
    .argument('<attempt>', 'attempt id, e.g. a7')
    .argument('[dir]', 'where to put the worktree (default .swarm/checkouts/<attempt>)')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, dir: string | undefined, flags: { json?: boolean }) => {
      const { checkoutAttempt } = await import('../../app/steer/checkout-attempt.js');
      const result = await checkoutAttempt({ cwd: process.cwd(), attemptId: id, ...(dir ? { dir } : {}) });
      if (flags.json) printJson(result);
      else process.stdout.write(`${id} (${result.branch}) checked out at ${result.path}\n`);
    });
};
