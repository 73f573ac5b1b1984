import type { Command } from 'commander';
import { attemptDiff, show } from '../../index.js';
import { printJson, useColor } from '../options.js';

export const registerShow = (program: Command): void => {
  program
    .command('show')
    .description('show one attempt: spec, prompt, diff stat, evaluations, findings entry, log paths')
    .argument('<attempt>', 'attempt id, e.g. a7')
    .option('--full', 'print prompt, paths and output tails in full')
    .option('--json', 'print the attempt as JSON')
    .option('--diff', 'print the attempt\'s diff against the commit it started from (findings.md left out)')
    .action(async (id: string, flags: { json?: boolean; full?: boolean; diff?: boolean }) => {
      if (flags.diff) {
        const diff = await attemptDiff({ cwd: process.cwd(), attemptId: id });
        if (flags.json) return printJson(diff);
        const { renderAttemptDiff } = await import('../render/attempt-diff.js');
        const { painter } = await import('../render/ansi.js');
        process.stdout.write(renderAttemptDiff(diff, painter(useColor(process.stdout))));
        return;
      }
      const detail = await show({ cwd: process.cwd(), attemptId: id });
      if (flags.json) return printJson(detail);
      const { renderAttempt } = await import('../render/show-attempt.js');
      process.stdout.write(`${renderAttempt(detail, { color: useColor(process.stdout), full: flags.full ?? false })}\n`);
    });
};
