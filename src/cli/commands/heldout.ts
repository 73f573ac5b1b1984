import type { Command } from 'commander';
import { formatScore } from '../../core/domain/score.js';
import { stripControl } from '../../core/text/terminal-text.js';
import { heldOut } from '../../index.js';
import { installInterrupts } from '../interrupts.js';
import { printJson } from '../options.js';

export const registerHeldOut = (program: Command): void => {
  program
    .command('heldout')
    .description("score attempts with evaluator.heldOut (default: the run's finalists); never shown to agents or the Shepherd")
    .argument('[attempts...]', 'attempt ids, e.g. a7 a12 (default: the best evaluator.heldOut.finalists of the run)')
    .option('--run <id>', 'a run other than the latest (when no attempt is named)')
    .option('-c, --config <file>', 'config file (default: .swarmrc.json in the repository)')
    .option('--json', 'print the scores as JSON')
    .action(async (attempts: string[], flags: { run?: string; config?: string; json?: boolean }) => {
      const interrupts = installInterrupts((line) => process.stderr.write(`${line}\n`));
      try {
        const scores = await heldOut({ cwd: process.cwd(), attempts, signal: interrupts.drain, ...(flags.run ? { runId: flags.run } : {}), ...(flags.config ? { configFile: flags.config } : {}) });
        if (flags.json) printJson(scores);
        else for (const s of scores) process.stdout.write(`${s.attempt}: score ${formatScore(s.score)} · held-out ${s.valid ? formatScore(s.heldOut) : `invalid: ${stripControl(s.reason ?? 'no score')}`}\n`);
        process.exitCode = interrupts.drain.aborted ? 130 : scores.every((s) => s.valid) ? 0 : 1;
      } finally {
        interrupts.dispose();
      }
    });
};
