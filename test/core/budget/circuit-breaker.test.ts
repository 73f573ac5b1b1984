import { describe, expect, it } from 'vitest';
import { createCircuitBreaker, failureKey } from '../../../src/core/budget/circuit-breaker.js';

describe('createCircuitBreaker', () => {
  it('trips on the third attempt in a row failing alike, naming the attempts and the error', () => {
    const breaker = createCircuitBreaker(3);
    expect(breaker.observe({ id: 'a1', agentError: 'claude reported an error: Not logged in' })).toBeNull();
    expect(breaker.observe({ id: 'a2', agentError: 'claude reported an error: Not logged in' })).toBeNull();
    const reason = breaker.observe({ id: 'a3', agentError: 'claude reported an error: Not logged in' });
    expect(reason).toContain('3 attempts in a row (a1, a2, a3)');
    expect(reason).toContain('Not logged in');
    expect(breaker.tripped).toBe(reason);
  });

  it('starts counting again after a success or a different error', () => {
    const breaker = createCircuitBreaker(2);
    expect(breaker.observe({ id: 'a1', agentError: 'boom' })).toBeNull();
    expect(breaker.observe({ id: 'a2', agentError: null })).toBeNull();
    expect(breaker.observe({ id: 'a3', agentError: 'boom' })).toBeNull();
    expect(breaker.observe({ id: 'a4', agentError: 'other failure' })).toBeNull();
    expect(breaker.observe({ id: 'a5', agentError: 'other failure' })).not.toBeNull();
  });

  it('stops after three workspace.setup failures in a row, even with the agent breaker off, and names the output', () => {
    const breaker = createCircuitBreaker(0);
    const setupError = 'workspace.setup failed (an infrastructure failure, not the agent\'s): `npm ci` exited with code 1: npm ERR! code E404';
    expect(breaker.observe({ id: 'a2', agentError: null, setupError })).toBeNull();
    expect(breaker.observe({ id: 'a3', agentError: null, setupError: null })).toBeNull();
    expect(breaker.observe({ id: 'a4', agentError: null, setupError })).toBeNull();
    expect(breaker.observe({ id: 'a5', agentError: null, setupError })).toBeNull();
    const reason = breaker.observe({ id: 'a6', agentError: null, setupError });
    expect(reason).toBe(`3 attempts in a row (a4, a5, a6) could not be prepared: ${setupError}`);
  });

  it('names the attempts in number order whatever order they finished in (a9 before a10)', () => {
    const breaker = createCircuitBreaker(3);
    breaker.observe({ id: 'a10', agentError: 'boom' });
    breaker.observe({ id: 'a3', agentError: 'boom' });
    expect(breaker.observe({ id: 'a9', agentError: 'boom' })).toContain('(a3, a9, a10)');
  });

  it('never trips with a limit of 0', () => {
    const breaker = createCircuitBreaker(0);
    for (let i = 0; i < 10; i++) expect(breaker.observe({ id: `a${i}`, agentError: 'boom' })).toBeNull();
  });

  it('treats messages differing only in ids, numbers and paths as the same failure', () => {
    expect(failureKey('command exited with code 1: cannot open /tmp/x/.swarm/worktrees/a3/prog.js'))
      .toBe(failureKey('command exited with code 1: cannot open /tmp/x/.swarm/worktrees/a17/prog.js'));
    expect(failureKey('claude timed out after 60 s')).not.toBe(failureKey('claude reported an error: Not logged in'));
  });
});

describe('createCircuitBreaker: agents whose edits fail', () => {
  const edit = (backend: string) => ({ backend, note: 'the agent\'s edits failed: Failed to write file /w/prog.js' });

  it('trips after `limit` edit failures in a row of one backend, quoting the agent', () => {
    const breaker = createCircuitBreaker(2);
    expect(breaker.observe({ id: 'a2', agentError: null, backend: 'codex', editFailure: edit('codex') })).toBeNull();
    const reason = breaker.observe({ id: 'a3', agentError: null, backend: 'codex', editFailure: edit('codex') });
    expect(reason).toContain('2 attempts in a row of agent codex (a2, a3) changed nothing: the agent\'s edits failed: Failed to write file /w/prog.js');
  });

  it('counts each backend on its own, and starts again after an attempt of that backend that is no edit failure', () => {
    const breaker = createCircuitBreaker(2);
    expect(breaker.observe({ id: 'a2', agentError: null, backend: 'codex', editFailure: edit('codex') })).toBeNull();
    expect(breaker.observe({ id: 'a3', agentError: null, backend: 'claude-code' })).toBeNull();
    expect(breaker.observe({ id: 'a4', agentError: null, backend: 'codex' })).toBeNull();
    expect(breaker.observe({ id: 'a5', agentError: null, backend: 'codex', editFailure: edit('codex') })).toBeNull();
    expect(breaker.observe({ id: 'a6', agentError: null, backend: 'claude-code', editFailure: edit('claude-code') })).toBeNull();
    expect(breaker.observe({ id: 'a7', agentError: null, backend: 'codex', editFailure: edit('codex') })).toContain('(a5, a7)');
  });

  it('never trips with the breaker off (limit 0)', () => {
    const breaker = createCircuitBreaker(0);
    for (const id of ['a2', 'a3', 'a4']) expect(breaker.observe({ id, agentError: null, backend: 'codex', editFailure: edit('codex') })).toBeNull();
  });
});
