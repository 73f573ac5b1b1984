import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';
import { codexArgs } from '../../../src/agents/codex/codex-args.js';

const task = (env: Record<string, string>, forkId?: string): AgentTask => ({
  runId: runId('r1'),
  attemptId: attemptId('a2'),
  worktree: '/repo/.swarm/worktrees/a2',
  role: forkId ? 'optimizer' : 'explorer',
  prompt: 'improve it',
  systemPrompt: '',
  ...(forkId ? { forkFrom: { backend: 'codex', id: forkId } } : {}),
  timeoutMs: 1000,
  seed: 1,
  env,
  logDir: '/tmp/logs',
});

const settings = { binary: 'codex', sandbox: 'workspace-write' as const, extraArgs: [], configOverrides: {} };

describe('codexArgs', () => {
  it('keeps the sandbox to the worktree: other attempts and the run database stay read-only', () => {
    const args = codexArgs(task({ SWARM_REPO: '/repo' }), settings);
    expect(args.slice(0, 6)).toEqual(['exec', '--json', '--sandbox', 'workspace-write', '-C', '/repo/.swarm/worktrees/a2']);
    expect(args).not.toContain('--add-dir');
  });

  it('forks the parent thread for an optimizer and ends with the prompt', () => {
    const args = codexArgs(task({}, 'thread-9'), settings);
    expect(args.slice(-4)).toEqual(['fork', 'thread-9', '--', 'improve it']);
  });

  it('falls back to resuming the parent thread when this codex cannot fork', () => {
    const args = codexArgs(task({}, 'thread-9'), settings, { canFork: false });
    expect(args.slice(-4)).toEqual(['resume', 'thread-9', '--', 'improve it']);
  });
});

describe('codexPrompt', () => {
  it('passes the task prompt unchanged (what swarm show prints), role instructions first', async () => {
    const { codexPrompt } = await import('../../../src/agents/codex/codex-args.js');
    const withBin: AgentTask = { ...task({ SWARM_BIN: '/repo/.swarm/bin/swarm' }), systemPrompt: 'Score your work with `swarm eval`.', prompt: 'Score your checkout with `swarm eval`.' };
    expect(codexPrompt(withBin)).toBe('Score your work with `swarm eval`.\n\n---\n\nScore your checkout with `swarm eval`.');
  });
});

describe('codex shell', () => {
  it('turns codex\'s login shell off (its profile would drop the swarm shim from PATH), unless the user chose', () => {
    const args = codexArgs(task({}), settings);
    expect(args.slice(6, 8)).toEqual(['-c', 'allow_login_shell=false']);
    const chosen = codexArgs(task({}), { ...settings, configOverrides: { allow_login_shell: 'true' } });
    expect(chosen.filter((a) => a.startsWith('allow_login_shell'))).toEqual(['allow_login_shell=true']);
  });
});

describe('codexCanFork', () => {
  it('reads the installed codex help: 0.171 has exec fork', async () => {
    const { codexCanFork } = await import('../../../src/agents/codex/codex-agent.js');
    const { findBinary } = await import('../../../src/agents/cli-common/resolve-binary.js');
    const binary = findBinary('codex');
    expect(binary).not.toBeNull();
    expect(await codexCanFork(binary ?? 'codex')).toBe(true);
  });
});
