import { describe, expect, it } from 'vitest';
import { createCircuitBreaker, failureKey } from './circuit-breaker.js';

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
