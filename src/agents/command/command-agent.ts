import { extractHypothesis } from '../../core/attempt/agent-prompt.js';
import { SwarmError } from '../../core/domain/errors.js';
import type { AgentBackend, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { costOf, type Price } from '../../core/budget/pricing.js';
import { readStdoutJson } from '../../core/evaluation/stdout-json.js';
import { knownPrice } from '../../core/budget/known-price.js';
import type { CommandAgentConfig } from './settings.js';
import { processProblem, runAgentCli, cappedOutcome } from '../cli-common/run-agent-cli.js';
import { summarize } from '../cli-common/summary.js';
import { summarizeCommandText } from './command-summary.js';
import { numberAt, valueAt } from './dot-path.js';

export const COMMAND_BACKEND = 'command';
const PLACEHOLDER = '{prompt}';

export interface CommandAgentOptions extends CommandAgentConfig {
  /** The resolved executable for argv[0]. */
  binaryPath: string;
  prices: Record<string, Price>;
}

/** The full prompt of a command agent: role instructions, then the attempt's prompt. */
export const commandPrompt = (task: AgentTask): string =>
  task.systemPrompt.trim() === '' ? task.prompt : `${task.systemPrompt.trim()}\n\n---\n\n${task.prompt}`;

/** argv after argv[0] with `{prompt}` replaced; `stdin` is the prompt when no argument holds the placeholder. */
export const expandArgv = (argv: readonly string[], prompt: string): { args: string[]; stdin: string | undefined } => {
  const rest = argv.slice(1);
  const hasPlaceholder = rest.some((arg) => arg.includes(PLACEHOLDER));
  return {
    args: rest.map((arg) => arg.replaceAll(PLACEHOLDER, prompt)),
    stdin: hasPlaceholder ? undefined : prompt,
  };
};

/**
 * The command backend: any agent CLI taking a prompt as an argument or on stdin, run in the
 * worktree. No session inheritance: an Optimizer starts fresh with its parent's results in the prompt.
 */
export const createCommandAgent = (options: CommandAgentOptions): AgentBackend => {
  if (options.argv.length === 0) {
    throw new SwarmError('CONFIG_INVALID', 'agent.command.argv is empty; set it to the agent CLI\'s command line, e.g. ["gemini", "-p", "{prompt}"]');
  }
  return {
    name: COMMAND_BACKEND,
    run: async (task: AgentTask, signal: AbortSignal): Promise<AgentOutcome> => {
      const { args, stdin } = expandArgv(options.argv, commandPrompt(task));
      const run = await runAgentCli({
        file: options.binaryPath, args, cwd: task.worktree, env: task.env, timeoutMs: task.timeoutMs,
        logDir: task.logDir, name: 'command', signal, ...(stdin === undefined ? {} : { stdin }),
        ...(task.stallTimeoutMs === undefined ? {} : { stallTimeoutMs: task.stallTimeoutMs }),
        ...(task.runCost === undefined ? {} : { runCost: task.runCost }),
        ...(task.launcher ? { launcher: task.launcher } : {}),
      });
      const problem = processProblem(options.argv[0] ?? 'command', run.process, task.timeoutMs, run.quiet);
      return cappedOutcome(commandOutcome(run.stdout, options, task.model, problem, run.transcriptPath), run.capped);
    },
  };
};

/** Maps the command's output to an outcome (pure, for tests). */
export const commandOutcome = (stdout: string, options: CommandAgentOptions, model: string | undefined, problem: string | null, transcriptPath: string): AgentOutcome => {
  let finalText = stdout.trim().split('\n').slice(-20).join('\n');
  let usage = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  let outputProblem: string | null = null;
  if (options.output === 'json') {
    const json = readStdoutJson(stdout);
    if (json === null) outputProblem = 'agent.command.output is "json" but the command printed no JSON';
    else {
      const summary = options.summaryPath === null ? undefined : valueAt(json, options.summaryPath);
      finalText = typeof summary === 'string' ? summary : '';
      const inputTokens = numberAt(json, options.inputTokensPath);
      const outputTokens = numberAt(json, options.outputTokensPath);
      const price = model === undefined ? undefined : knownPrice(model, options.prices)?.price;
      const costUsd = options.costUsdPath === null ? costOf({ inputTokens, outputTokens }, price) : numberAt(json, options.costUsdPath);
      usage = { inputTokens, outputTokens, costUsd };
    }
  }
  // Text output: its last lines (docs/configuration.md); a JSON final message reads from its first line.
  const summary = options.output === 'json' ? summarize(finalText) : summarizeCommandText(finalText);
  const base = { summary, hypothesis: extractHypothesis(stdout) ?? extractHypothesis(finalText), usage, transcriptPath };
  if (problem !== null) return { ...base, status: 'failed', error: problem };
  return { ...base, status: 'completed', ...(outputProblem ? { error: outputProblem } : {}) };
};
