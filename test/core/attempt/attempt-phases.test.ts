import { describe, expect, it } from 'vitest';
import { afterEnd, afterMove, canEnd, canMove } from '../../../src/core/attempt/attempt-phases.js';
import type { AttemptPhase } from '../../../src/core/domain/types.js';

const running = (phase: AttemptPhase) => ({ status: 'running' as const, phase });

describe('attempt phases', () => {
  it('walks the life cycle of an attempt whose agent completed', () => {
    const path: AttemptPhase[] = ['prepare', 'agent', 'commit', 'evaluate', 'record', 'done'];
    for (let i = 1; i < path.length; i++) expect(canMove(path[i - 1]!, path[i]!), `${path[i - 1]} -> ${path[i]}`).toBe(true);
  });

  it('parks at a limit before the start and during the agent, and comes back', () => {
    expect(canMove('prepare', 'waiting')).toBe(true);
    expect(canMove('waiting', 'prepare')).toBe(true);
    expect(canMove('agent', 'waiting')).toBe(true);
    expect(canMove('waiting', 'agent')).toBe(true);
  });

  it('records a failed agent without evaluating it, and the baseline without an agent', () => {
    expect(canMove('commit', 'record')).toBe(true);
    expect(canMove('prepare', 'evaluate')).toBe(true);
  });

  it('refuses skipped, backward and post-done moves', () => {
    expect(canMove('prepare', 'commit')).toBe(false);
    expect(canMove('agent', 'evaluate')).toBe(false);
    expect(canMove('evaluate', 'agent')).toBe(false);
    expect(canMove('record', 'evaluate')).toBe(false);
    expect(canMove('waiting', 'commit')).toBe(false);
    expect(canMove('done', 'record')).toBe(false);
    expect(canMove('done', 'done')).toBe(false);
    expect(canMove('evaluate', 'done')).toBe(false);
  });

  it('treats staying in a running phase as a no-op', () => {
    expect(canMove('record', 'record')).toBe(true);
    expect(afterMove(running('record'), 'record')).toEqual(running('record'));
  });

  it('ends with a result only from record, with an interruption or a failure of swarm from anywhere', () => {
    expect(canEnd('record', 'scored')).toBe(true);
    expect(canEnd('record', 'invalid')).toBe(true);
    expect(canEnd('evaluate', 'scored')).toBe(false);
    expect(canEnd('commit', 'invalid')).toBe(false);
    for (const phase of ['prepare', 'waiting', 'agent', 'commit', 'evaluate', 'record'] as const) {
      expect(canEnd(phase, 'interrupted')).toBe(true);
      expect(canEnd(phase, 'failed')).toBe(true);
    }
    expect(canEnd('done', 'interrupted')).toBe(false);
    expect(canEnd('done', 'failed')).toBe(false);
  });

  it('keeps an interrupted attempt in the phase it stopped in, and puts the others in done', () => {
    expect(afterEnd(running('agent'), 'interrupted')).toEqual({ status: 'interrupted', phase: 'agent' });
    expect(afterEnd(running('record'), 'scored')).toEqual({ status: 'scored', phase: 'done' });
    expect(afterEnd(running('evaluate'), 'failed')).toEqual({ status: 'failed', phase: 'done' });
  });

  it('moves and ends only running attempts', () => {
    expect(afterMove({ status: 'interrupted', phase: 'agent' }, 'commit')).toBeNull();
    expect(afterMove({ status: 'scored', phase: 'done' }, 'record')).toBeNull();
    expect(afterEnd({ status: 'interrupted', phase: 'agent' }, 'failed')).toBeNull();
    expect(afterEnd({ status: 'failed', phase: 'done' }, 'interrupted')).toBeNull();
    expect(afterMove(running('agent'), 'evaluate')).toBeNull();
  });
});
