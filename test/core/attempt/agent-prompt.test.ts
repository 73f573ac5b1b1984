import { describe, expect, it } from 'vitest';
import { composeAgentPrompt } from '../../../src/core/attempt/agent-prompt.js';

const base = { task: 'Tune it.', objective: { metric: 's', direction: 'maximize' as const }, attemptId: 'a4', context: '', parents: [], evalCommand: 'swarm eval' };

describe('composeAgentPrompt: where the attempt works', () => {
  it('names a fork\'s own worktree first and says the parent\'s is gone', () => {
    const prompt = composeAgentPrompt({ ...base, role: 'optimizer', worktree: '/r/.swarm/worktrees/a4', forkedFrom: { attemptId: 'a2', worktree: '/r/.swarm/worktrees/a2' } });
    const own = prompt.indexOf('/r/.swarm/worktrees/a4');
    const parent = prompt.indexOf('/r/.swarm/worktrees/a2');
    expect(own).toBeGreaterThan(-1);
    expect(parent).toBeGreaterThan(own);
    expect(prompt).toContain('Your worktree is /r/.swarm/worktrees/a4: read, edit, run commands and commit only there');
    expect(prompt).toContain('This conversation continues attempt a2, whose worktree /r/.swarm/worktrees/a2 no longer exists.');
  });

  it('tells a fresh attempt its worktree and mentions no other', () => {
    const prompt = composeAgentPrompt({ ...base, role: 'explorer', worktree: '/r/.swarm/worktrees/a4' });
    expect(prompt).toContain('You are explorer a4.\nYour worktree is /r/.swarm/worktrees/a4');
    expect(prompt).not.toContain('no longer exists');
  });
});
