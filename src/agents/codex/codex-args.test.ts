import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../core/ids.js';
import type { AgentTask } from '../../core/ports.js';
import { codexArgs } from './codex-args.js';

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
});
