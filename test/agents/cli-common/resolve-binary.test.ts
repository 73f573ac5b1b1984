import { describe, expect, it } from 'vitest';
import { SwarmError } from '../../../src/core/domain/errors.js';
import { findBinary, requireBinary } from '../../../src/agents/cli-common/resolve-binary.js';

describe('binary discovery', () => {
  it('finds a CLI on PATH or in node_modules/.bin of swarm, and a path as given', () => {
    expect(findBinary('claude', { PATH: '' })).toMatch(/node_modules\/\.bin\/claude$/);
    expect(findBinary(process.execPath)).toBe(process.execPath);
    expect(findBinary('./no/such/binary')).toBeNull();
  });

  it('names the config key and how to install a missing CLI', () => {
    const attempt = (): string => requireBinary('no-such-agent-cli', 'agent.claudeCode.binary', 'npm install -g @anthropic-ai/claude-code');
    expect(attempt).toThrow(SwarmError);
    expect(attempt).toThrow(/agent\.claudeCode\.binary: cannot find the executable "no-such-agent-cli".*npm install -g @anthropic-ai\/claude-code/);
  });
});
