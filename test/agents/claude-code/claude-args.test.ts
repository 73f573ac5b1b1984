import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';
import { claudeArgs } from '../../../src/agents/claude-code/claude-args.js';

const task = (forkFrom?: AgentTask['forkFrom']): AgentTask => ({
  runId: runId('r1'), attemptId: attemptId('a3'), worktree: '/w', role: forkFrom ? 'optimizer' : 'explorer', prompt: '-starts with a dash',
  systemPrompt: 'ROLE', ...(forkFrom ? { forkFrom } : {}), timeoutMs: 1000, seed: 1, env: {}, logDir: '/l',
});
const settings = { binary: 'claude', permissionMode: 'acceptEdits' as const, maxBudgetUsd: 0.5, extraArgs: [] };

describe('claudeArgs', () => {
  it('gives each attempt its own budget on top of the cost its forked parent already spent', () => {
    const explorer = claudeArgs(task(), settings);
    expect(explorer[explorer.indexOf('--max-budget-usd') + 1]).toBe('0.5');
    const optimizer = claudeArgs(task({ backend: 'claude-code', id: 'sess-1', cumulativeCostUsd: 1.25 }), settings);
    expect(optimizer[optimizer.indexOf('--max-budget-usd') + 1]).toBe('1.75');
    expect(optimizer).toEqual(expect.arrayContaining(['--resume', 'sess-1', '--fork-session', '--system-prompt-snapshot', 'off', '--append-system-prompt', 'ROLE']));
    expect(optimizer.slice(-2)).toEqual(['--', '-starts with a dash']);
  });

  it('stops at the attempt\'s share of the run\'s dollar budget when it is the smaller limit', () => {
    const budgetOf = (args: string[]): string | undefined => args[args.indexOf('--max-budget-usd') + 1];
    expect(budgetOf(claudeArgs({ ...task(), maxCostUsd: 0.2 }, settings))).toBe('0.2');
    expect(budgetOf(claudeArgs({ ...task(), maxCostUsd: 2 }, settings))).toBe('0.5');
    expect(budgetOf(claudeArgs({ ...task(), maxCostUsd: 0.25 }, { ...settings, maxBudgetUsd: null }))).toBe('0.25');
    expect(claudeArgs(task(), { ...settings, maxBudgetUsd: null })).not.toContain('--max-budget-usd');
  });

  it('allows the self-evaluation commands, each with any arguments, as separate values ended by `--`', () => {
    const args = claudeArgs({ ...task(), allowedCommands: ['swarm eval', 'node eval.js --seed 2'] }, { ...settings, extraArgs: ['--effort', 'low'] });
    expect(args.slice(-5)).toEqual(['--allowedTools', 'Bash(swarm eval:*)', 'Bash(node eval.js --seed 2:*)', '--', '-starts with a dash']);
    expect(args).toEqual(expect.arrayContaining(['--permission-mode', 'acceptEdits']));
    expect(claudeArgs({ ...task(), allowedCommands: ['swarm eval'] }, { ...settings, permissionMode: 'bypassPermissions' })).not.toContain('--allowedTools');
  });
});
