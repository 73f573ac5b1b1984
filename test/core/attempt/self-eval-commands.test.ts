import { describe, expect, it } from 'vitest';
import { selfEvalCommands } from '../../../src/core/attempt/self-eval-commands.js';

describe('selfEvalCommands', () => {
  it('always allows `swarm eval`, and an evaluator command only when the prompt names it', () => {
    expect(selfEvalCommands('Make it fast.', ['python3 evaluate.py'])).toEqual(['swarm eval']);
    expect(selfEvalCommands('Run `python3 evaluate.py` to check.', ['python3 evaluate.py', 'python3 full.py'])).toEqual(['swarm eval', 'python3 evaluate.py']);
  });

  it('never allows an evaluator command with shell syntax, which a prefix rule would let through whole', () => {
    expect(selfEvalCommands('Run `python3 e.py | tail -1`.', ['python3 e.py | tail -1'])).toEqual(['swarm eval']);
  });
});
