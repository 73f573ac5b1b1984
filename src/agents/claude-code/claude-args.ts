import type { AgentTask } from '../../core/ports/index.js';
import type { ClaudeCodeConfig } from './settings.js';

/**
 * The argv of one `claude -p` run: stream-json transcript, permission mode, limits, role
 * instructions appended to Claude Code's own system prompt, and for an Optimizer a fork of its
 * parent's session (`--resume <id> --fork-session`: the parent session is never written to).
 */
export const claudeArgs = (task: AgentTask, settings: ClaudeCodeConfig): string[] => {
  const args = ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', settings.permissionMode];
  if (task.model !== undefined) args.push('--model', task.model);
  if (task.maxTurns !== undefined) args.push('--max-turns', String(task.maxTurns));
  // The smaller of agent.claudeCode.maxBudgetUsd and the attempt's share of the run's dollar budget.
  const limits = [settings.maxBudgetUsd, task.maxCostUsd ?? null].filter((l): l is number => l !== null);
  if (limits.length > 0) {
    // Claude Code counts a forked conversation's whole cost: the attempt's own budget comes on top of its parent's.
    args.push('--max-budget-usd', String(Math.min(...limits) + (task.forkFrom?.cumulativeCostUsd ?? 0)));
  }
  if (task.systemPrompt.trim() !== '') args.push('--append-system-prompt', task.systemPrompt);
  // A resumed session re-sends the system prompt recorded on its first request (the parent's role
  // instructions); "off" renders it afresh, so the fork gets its own role's instructions.
  if (task.forkFrom !== undefined) args.push('--resume', task.forkFrom.id, '--fork-session', '--system-prompt-snapshot', 'off');
  args.push(...settings.extraArgs);
  const rules = allowRules(task, settings);
  // After extraArgs: `--allowedTools` takes every value up to the next option, here `--`.
  if (rules.length > 0) args.push('--allowedTools', ...rules);
  // `--` ends the options: a prompt starting with "-" is still the prompt.
  args.push('--', task.prompt);
  return args;
};

/**
 * Claude Code's permission rules for the commands the attempt needs (`swarm eval`, the evaluator's
 * own command when the prompt names it), each with any arguments: `Bash(swarm eval:*)`. Every
 * mode but bypassPermissions asks before running other commands, and in print mode asking means
 * refusing. Each rule is its own argument.
 */
export const allowRules = (task: AgentTask, settings: ClaudeCodeConfig): string[] =>
  settings.permissionMode === 'bypassPermissions' ? [] : (task.allowedCommands ?? []).map((command) => `Bash(${command}:*)`);

/** Extra environment: bypassPermissions refuses to start as root unless IS_SANDBOX=1. */
export const claudeEnv = (task: AgentTask, settings: ClaudeCodeConfig, isRoot: boolean): Record<string, string> =>
  settings.permissionMode === 'bypassPermissions' && isRoot ? { ...task.env, IS_SANDBOX: '1' } : { ...task.env };
