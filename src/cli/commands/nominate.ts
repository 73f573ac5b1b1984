import type { Command } from 'commander';
import { printJson } from '../options.js';
import { nominate } from '../../index.js';

export const registerNominate = (program: Command): void => {
  program
    .command('nominate')
    .description('record that an attempt deserves adoption, with a reason; swarm status lists the most nominated apart from the best score')
    .argument('<attempt>', 'attempt id, e.g. a7')
    .requiredOption('--reason <text>', 'why, in a sentence of facts')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, flags: { reason: string; json?: boolean }) => {
      const by = process.env.SWARM_ATTEMPT_ID;
      const result = await nominate({ cwd: process.cwd(), attemptId: id, reason: flags.reason, by: by === undefined || by === '' ? null : by });
      if (flags.json) return printJson(result);
      process.stdout.write(`nominated ${result.attempt} (${result.nominations} nomination${result.nominations === 1 ? '' : 's'} in run ${result.run})\n`);
    });
};
