import type { Command } from 'commander';
import { printJson, useColor } from '../options.js';
import { renderAttempt } from '../render/show-attempt.js';

export const registerShow = (program: Command): void => {
  program
    .command('show')
    .description('show one attempt: spec, prompt, diff stat, evaluations, findings entry, log paths')
    .argument('<attempt>', 'attempt id, e.g. a7')
    .option('--full', 'print prompt, paths and output tails in full')
    .option('--json', 'print the attempt as JSON')
    .action(async (id: string, flags: { json?: boolean; full?: boolean }) => {
      const { showAttempt } = await import('../../app/show-attempt.js');
      const detail = await showAttempt({ cwd: process.cwd(), attemptId: id });
      if (flags.json) printJson(detail);
      else process.stdout.write(`${renderAttempt(detail, { color: useColor(process.stdout), full: flags.full ?? false })}\n`);
    });
};
