import type { Command } from 'commander';
import { review } from '../../index.js';
import { installInterrupts } from '../interrupts.js';
import { positiveInt, printJson } from '../options.js';

export const registerReview = (program: Command): void => {
  program
    .command('review')
    .description("re-measure an attempt's lineage with fresh seeds and each step's contribution by leave-one-out ablation")
    .argument('<attempt>', 'attempt id, e.g. a7')
    .option('--seeds <n>', 'evaluations per program, with seeds the run never used', positiveInt, 5)
    .option('-c, --config <file>', 'config file (default: .swarmrc.json in the repository)')
    .option('--json', 'print the review as JSON')
    .action(async (id: string, flags: { seeds: number; config?: string; json?: boolean }) => {
      const interrupts = installInterrupts((line) => process.stderr.write(`${line}\n`));
      try {
        const report = await review({ cwd: process.cwd(), attempt: id, seeds: flags.seeds, signal: interrupts.drain, ...(flags.config ? { configFile: flags.config } : {}) });
        if (flags.json) printJson(report);
        else process.stdout.write(`${(await import('../render/review.js')).renderReview(report)}\n`);
        if (report.interrupted) process.exitCode = 130;
      } finally {
        interrupts.dispose();
      }
    });
};
