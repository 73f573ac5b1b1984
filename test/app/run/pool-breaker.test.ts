import { describe, expect, it } from 'vitest';
import { createPoolBreakers } from '../../../src/app/run/pool-breaker.js';

describe('pool breakers', () => {
  it('a failing entry trips alone; the run stops only when every entry tripped', () => {
    const breakers = createPoolBreakers(['codex', 'local'], 2);
    const fail = (id: string) => ({ id, agentError: 'Not logged in' });
    expect(breakers.observe('codex', fail('a2'))).toEqual({ entryTripped: null, runTripped: null });
    // The other entry's success does not reset codex's count.
    expect(breakers.observe('local', { id: 'a3', agentError: null })).toEqual({ entryTripped: null, runTripped: null });
    const codex = breakers.observe('codex', fail('a4'));
    expect(codex.entryTripped?.entry).toBe('codex');
    expect(codex.entryTripped?.reason).toContain('a2, a4');
    expect(codex.runTripped).toBeNull();
    breakers.observe('local', fail('a5'));
    const both = breakers.observe('local', fail('a6'));
    expect(both.runTripped).toMatch(/^every agent\.pool entry stopped: codex: .*; local: /);
  });

  it('setup failures stop the run whatever the entry', () => {
    const breakers = createPoolBreakers(['a', 'b'], 3);
    const setup = (id: string) => ({ id, agentError: null, setupError: 'npm ci failed' });
    breakers.observe('a', setup('a2'));
    breakers.observe('b', setup('a3'));
    expect(breakers.observe('a', setup('a4')).runTripped).toContain('could not be prepared: npm ci failed');
  });
});
