import type { Command } from 'commander';
import { formatScore } from '../../core/domain/score.js';
import { stripControl } from '../../core/text/terminal-text.js';
import { evaluate, evaluateRepeated } from '../../index.js';
import { nonNegativeInt, positiveInt, printJson } from '../options.js';
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
    .option('--repeat <n>', 'score the checkout n times with seeds seed…seed+n-1, and once more with the first seed: mean, spread, and whether it is deterministic for a seed', positiveInt)
    .option('--json', 'print the result as JSON')
    .action(async (flags: { config?: string; seed?: number; repeat?: number; json?: boolean }) => {
      if (flags.repeat !== undefined) return repeatEval(flags.repeat, flags);
      // Inside an attempt a terminal Ctrl-C reaches the whole process group: the swarm decides what
      // its attempts do (drain lets them finish), so only its SIGTERM cancels this evaluation.
      const insideAttempt = process.env.SWARM_ATTEMPT_ID !== undefined;
      const interrupts = insideAttempt ? cancelOnSigterm() : installInterrupts(() => undefined);
      try {
        const result = await evaluate({
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

const repeatEval = async (times: number, flags: { config?: string; seed?: number; json?: boolean }): Promise<void> => {
  const interrupts = installInterrupts(() => undefined);
  try {
    const result = await evaluateRepeated({ cwd: process.cwd(), signal: interrupts.drain, times, ...(flags.config ? { configFile: flags.config } : {}), ...(flags.seed !== undefined ? { seed: flags.seed } : {}) });
    if (flags.json) printJson(result);
    else {
      for (const run of result.runs) process.stdout.write(`seed ${run.seed}: ${run.valid ? `${result.metric} = ${formatScore(run.score)}` : `invalid: ${run.reason ?? 'no reason given'}`}\n`);
      const valid = result.runs.slice(0, times).filter((r) => r.valid).length;
      process.stdout.write(result.mean === null
        ? `no valid evaluation in ${times}\n`
        : `${result.metric} over ${valid} seed${valid === 1 ? '' : 's'}: mean ${formatScore(result.mean)} · sd ${result.sd === null ? '—' : formatScore(result.sd)} · min ${formatScore(result.min)} · max ${formatScore(result.max)}\n`);
      const first = result.runs[0]?.seed;
      process.stdout.write(result.deterministic === null
        ? `determinism for seed ${first}: unknown (an evaluation was invalid)\n`
        : result.deterministic
          ? `deterministic for a seed: seed ${first} scored the same twice\n`
          : `NOT deterministic for a seed: seed ${first} scored differently twice; seed the evaluator's random choices with SWARM_SEED\n`);
    }
    process.exitCode = result.runs.every((r) => r.valid) ? 0 : 1;
  } finally {
    interrupts.dispose();
  }
};
