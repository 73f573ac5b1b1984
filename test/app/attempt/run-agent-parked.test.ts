import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentOutcome, AgentTask } from '../../../src/core/ports/index.js';
import { continuationOf, CONTINUE_PROMPT, limitOf } from '../../../src/app/attempt/run-agent-parked.js';

const NOW = Date.UTC(2026, 11, 1, 8, 0, 0);
const failed = (fields: Partial<AgentOutcome>): AgentOutcome => ({ status: 'failed', summary: '', hypothesis: null, usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 }, ...fields });
const task: AgentTask = {
  runId: runId('r1'), attemptId: attemptId('a2'), worktree: '/w', role: 'optimizer', prompt: 'the task', systemPrompt: 's',
  forkFrom: { backend: 'anthropic', id: 'parent' }, forkHistoryJson: '[parent]', timeoutMs: 1000, seed: 1, env: {}, logDir: '/l',
};

describe('limitOf', () => {
  it("takes the backend's own finding, null included", () => {
    expect(limitOf(failed({ error: 'anthropic request failed: 500 overloaded today', limit: null }), NOW)).toBeNull();
    expect(limitOf(failed({ limit: { kind: 'rate-limit', resetAt: NOW + 2000, detail: 'HTTP 429' } }), NOW)).toEqual({ kind: 'rate-limit', resetAt: NOW + 2000, detail: 'HTTP 429' });
  });
  it('reads the words of a failure the backend did not classify (codex, command)', () => {
    const codex = failed({ error: 'codex exited with code 1; last codex error: You’ve hit your usage limit. Visit https://chatgpt.com/settings/usage to purchase more credits or try again in 2 hours.' });
    expect(limitOf(codex, NOW)).toMatchObject({ kind: 'usage-limit', resetAt: NOW + 7_200_000 });
    const noisy = failed({ error: `codex exited with code 1: WARNING: proceeding, even though we could not create PATH aliases: ${'x'.repeat(300)} / Reading additional input from stdin...; last codex error: You’ve hit your usage limit. Try again later.` });
    expect(limitOf(noisy, NOW)?.detail).toBe('last codex error: You’ve hit your usage limit. Try again later.');
    expect(limitOf(failed({ error: 'agent exited with code 1', summary: 'Error: 429 Too Many Requests' }), NOW)?.kind).toBe('rate-limit');
  });
  it('a completed run is never limited', () => {
    expect(limitOf({ ...failed({ summary: 'usage limit reached' }), status: 'completed' }, NOW)).toBeNull();
  });
});

describe('continuationOf', () => {
  it("continues the attempt's own session and history with the note, in what is left of the timeout", () => {
    const next = continuationOf(task, failed({ session: { backend: 'anthropic', id: 'own', cumulativeCostUsd: 0.5 }, historyJson: '[own]' }), 400);
    expect(next).toMatchObject({ prompt: CONTINUE_PROMPT, forkFrom: { id: 'own', cumulativeCostUsd: 0.5 }, forkHistoryJson: '[own]', timeoutMs: 400, worktree: '/w' });
  });
  it('without a session: the same prompt again, and no stale parent history', () => {
    expect(continuationOf(task, failed({}), 400)).toEqual({ ...task, timeoutMs: 400 });
    const next = continuationOf(task, failed({ session: { backend: 'claude-code', id: 's' } }), 400);
    expect(next.forkHistoryJson).toBeUndefined();
    // Diff mode is one call: it is made again from its own prompt.
    expect(continuationOf(task, failed({ session: { backend: 'openai', id: 'own' }, historyJson: '[own]' }), 400, false)).toEqual({ ...task, timeoutMs: 400 });
  });
});
