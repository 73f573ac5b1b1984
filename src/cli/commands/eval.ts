import type { Command } from 'commander';
import { stripControl } from '../../core/terminal-text.js';
import { nonNegativeInt, printJson } from '../options.js';
import { installInterrupts } from '../interrupts.js';

const cancelOnSigterm = (): { drain: AbortSignal; dispose: () => void } => {
  const controller = new AbortController();
  const cancel = (): void => controller.abort();
  const ignore = (): void => undefined;
  process.on('SIGTERM', cancel);
  process.on('SIGINT', ignore);
  return {
    drain: controller.signal,
    dispose: () => {
      process.off('SIGTERM', cancel);
      process.off('SIGINT', ignore);
    },
  };
};

export const registerEval = (program: Command): void => {
  program
    .command('eval')
    .description("score the current checkout with the run's evaluator (agents call this from their worktree)")
    .option('-c, --config <file>', 'config file (default: .swarmrc.json in the repository)')
    .option('--seed <n>', 'seed passed as SWARM_SEED (default: shepherd.seed, as for official evaluations)', nonNegativeInt)
    .option('--json', 'print the result as JSON')
    .action(async (flags: { config?: string; seed?: number; json?: boolean }) => {
      const { evalHere } = await import('../../app/eval-here.js');
      // Inside an attempt a terminal Ctrl-C reaches the whole process group: the swarm decides what
      // its attempts do (drain lets them finish), so only its SIGTERM cancels this evaluation.
      const insideAttempt = process.env.SWARM_ATTEMPT_ID !== undefined;
      const interrupts = insideAttempt ? cancelOnSigterm() : installInterrupts(() => undefined);
      try {
        const result = await evalHere({
          cwd: process.cwd(),
          signal: interrupts.drain,
          ...(flags.config ? { configFile: flags.config } : {}),
          ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
        });
        // The evaluator's texts without terminal control sequences (JSON escapes them anyway).
        const feedback = result.feedback ? `feedback: ${stripControl(result.feedback)}\n` : '';
        if (flags.json) printJson(result);
        else if (result.valid) {
          process.stdout.write(`${result.metric} = ${result.score} (${result.direction})\n${JSON.stringify(result.metrics)}\n${feedback}`);
        } else {
          process.stdout.write(`invalid: ${stripControl(result.reason ?? 'no reason given')}\n${feedback}`);
        }
        // An invalid program is a result, not an error of swarm: exit 1 so scripts can tell.
        process.exitCode = result.valid ? 0 : 1;
      } finally {
        interrupts.dispose();
      }
    });
};
