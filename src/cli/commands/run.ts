import type { Command } from 'commander';
import { keepDriverHeapSmall, runSearch, type ConfigOverrides } from '../../index.js';
import { formatScore } from '../../core/domain/score.js';
import { stripControl } from '../../core/text/terminal-text.js';
import { SwarmError } from '../../core/domain/errors.js';
import { configNumber, positiveInt, printJson, useColor } from '../options.js';
import { installInterrupts } from '../interrupts.js';
import { startProgress } from '../progress.js';

/** Commander names each option after the override it sets, so the rest of the flags are the overrides. */
type RunFlags = ConfigOverrides & { config?: string; new?: boolean; json?: boolean; quiet?: boolean; from?: string; top?: number };

/** `agentBackends`: the backends' names for the help of `--agent` (the API's `agentBackendNames`). */
export const registerRun = (program: Command, agentBackends: readonly string[]): void => {
  program
    .command('run')
    .description('search for better programs: baseline, then waves of explorers and optimizers (resumes an unfinished run)')
    .option('-c, --config <file>', 'config file (default: .swarmrc.json in the repository)')
    .option('--agent <backend>', `agent backend: ${agentBackends.join(', ')}`)
    .option('--model <name>', 'model for the agent backend')
    .option('--attempts <n>', 'attempt budget (overrides budget.attempts)', configNumber)
    .option('--waves <n>', 'wave budget, 0 = unlimited (overrides budget.waves)', configNumber)
    .option('--wall-clock <duration>', 'wall-clock budget such as 30m or 2h (overrides budget.wallClock)')
    .option('--agents <n>', 'agents running at once (overrides concurrency.agents)', configNumber)
    .option('--evaluations <n>', 'evaluations running at once (overrides concurrency.evaluations)', configNumber)
    .option('--seed <n>', 'shepherd seed (overrides shepherd.seed)', configNumber)
    .option('--policy <name>', 'shepherd policy (overrides shepherd.policy)')
    .option('--base-url <url>', 'base URL of the model API for the anthropic/openai backends (overrides agent.baseUrl)')
    .option('--mode <mode>', 'anthropic/openai backends: agent (tool loop) or diff (SEARCH/REPLACE) (overrides agent.mode)')
    .option('--cost-usd <usd>', 'cost budget of the run in USD, 0 = unlimited (overrides budget.costUsd)', configNumber)
    .option('--new', 'start a new run even if the latest one can be resumed')
    .option('--from <run>', 'start the new run from the best attempts of an earlier run (each evaluated again here); implies --new')
    .option('--top <k>', 'with --from: how many of its best attempts to import (default 3)', positiveInt)
    .option('--json', 'print only the result as JSON on stdout')
    .option('-q, --quiet', 'no progress lines')
    .action(async (flags: RunFlags) => {
      await keepDriverHeapSmall();
      const { config: _config, new: _new, json: _json, quiet: _quiet, from, top, ...overrides } = flags;
      if (top !== undefined && from === undefined) throw new SwarmError('USAGE', '--top counts the attempts imported with --from; give the run to import from, e.g. --from r1 --top 3');
      const progress = startProgress({ enabled: !flags.json && !flags.quiet && process.stderr.isTTY === true, color: useColor(process.stderr) });
      const say = (line: string): void => {
        if (!flags.json && !flags.quiet) progress.print(line);
      };
      const interrupts = installInterrupts((line) => progress.print(line));
      try {
        const result = await runSearch({
          cwd: process.cwd(),
          ...(flags.config ? { configFile: flags.config } : {}),
          overrides,
          newRun: (flags.new ?? false) || from !== undefined,
          ...(from === undefined ? {} : { from: { fromRun: from, top: top ?? 3 } }),
          report: say,
          drain: interrupts.drain,
          force: interrupts.force,
          onRunStarted: (info) => progress.follow(info.dbFile, info.runId),
        });
        progress.stop();
        if (flags.json) printJson(result);
        else {
          const best = result.best ? `${result.best.id} with ${formatScore(result.best.score)}` : 'none';
          const { scored, invalid, failed, interrupted } = result.attempts;
          const lines = [
            `run ${result.runId} ${result.status}: ${stripControl(result.stopReason)}`,
            `baseline ${result.baseline.id}: ${result.baseline.valid ? formatScore(result.baseline.score) : 'invalid'} · best: ${best}`,
            `attempts: ${scored} scored, ${invalid} invalid, ${failed} failed${interrupted > 0 ? `, ${interrupted} interrupted` : ''}`,
            // Agents that never changed a file: nothing was tried, whatever the scores say.
            ...(result.allNoChange > 0 ? [`every attempt (${result.allNoChange}) changed nothing: no agent edit reached the code; \`swarm show <attempt>\` gives each one's reason`] : []),
            // Not a failure (exit 0), but not a result either: said in one line.
            ...(result.status === 'finished' && result.problem === null && !result.improved ? [`no attempt improved on the baseline ${result.baseline.id}; the baseline is still the best (try more attempts, another agent or a new --seed)`] : []),
            // A failed run's reason is already its stop reason.
            ...(result.problem !== null && result.status !== 'failed' ? [`problem: ${result.problem}`] : []),
            'see `swarm status`, `swarm graph`, `swarm show <attempt>`',
          ];
          process.stdout.write(`${lines.join('\n')}\n`);
        }
        process.exitCode = result.status === 'interrupted' ? 130 : result.status === 'finished' && result.problem === null ? 0 : 1;
      } finally {
        progress.stop();
        interrupts.dispose();
      }
    });
};
