import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandAgent, type CommandAgentOptions } from '../../../src/agents/command/command-agent.js';
import { cliTask, createCliFixture, processesIn, type CliFixture } from '../claude-code/cli-fixture.js';

const FAKE_AGENT = fileURLToPath(new URL('./fixtures/fake-agent.mjs', import.meta.url));

const options = (argv: string[], fields: Partial<CommandAgentOptions> = {}): CommandAgentOptions => ({
  argv, output: 'text', summaryPath: null, inputTokensPath: null, outputTokensPath: null, costUsdPath: null,
  binaryPath: process.execPath, prices: {}, ...fields,
});

describe('command backend with a real child process', () => {
  let fx: CliFixture;
  beforeEach(() => {
    fx = createCliFixture();
  });
  afterEach(() => fx.cleanup());

  const run = async (opts: CommandAgentOptions, timeoutMs = 20_000) => {
    const worktree = fx.addWorktree('a1');
    const outcome = await createCommandAgent(opts).run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'PROMPT-TEXT', env: {}, timeoutMs }), new AbortController().signal);
    return { worktree, outcome };
  };

  it('replaces {prompt} in argv with role instructions and prompt, and reads a text answer', async () => {
    const { worktree, outcome } = await run(options(['node', FAKE_AGENT, 'text', 'Task: {prompt}']));
    expect(readFileSync(join(worktree, 'agent-wrote.txt'), 'utf8')).toBe('Task: You are a test explorer.\n\n---\n\nPROMPT-TEXT');
    expect(outcome.status).toBe('completed');
    expect(outcome.summary).toBe('Tuned a by hand.');
    expect(outcome.hypothesis).toBe('a matters');
    expect(outcome.session).toBeUndefined();
  });

  it('summarizes a text answer by its last lines, not a first progress line', async () => {
    const { outcome } = await run(options(['node', FAKE_AGENT, 'chatty', '{prompt}']));
    expect(outcome.summary).toBe('Tuned a by hand.');
  });

  it('sends the prompt on stdin when no argument holds the placeholder, and maps JSON output', async () => {
    const { worktree, outcome } = await run(options(['node', FAKE_AGENT, 'json'], {
      output: 'json', summaryPath: 'response.text', inputTokensPath: 'stats.in', outputTokensPath: 'stats.out', costUsdPath: 'stats.usd',
    }));
    expect(readFileSync(join(worktree, 'agent-wrote.txt'), 'utf8')).toContain('PROMPT-TEXT');
    expect(outcome.status).toBe('completed');
    expect(outcome.summary).toBe('Tuned a.');
    expect(outcome.usage).toEqual({ inputTokens: 1200, outputTokens: 80, costUsd: 0.03 });
  });

  it('fails with the exit code and stderr of a failing command', async () => {
    const { outcome } = await run(options(['node', FAKE_AGENT, 'fail', '{prompt}']));
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('node exited with code 3: fake-agent: quota exceeded');
  });

  it('stops a command that exceeds its timeout and leaves no process behind', async () => {
    const { outcome } = await run(options(['node', FAKE_AGENT, 'hang', '{prompt}']), 800);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/timed out/);
    expect(processesIn(fx.dir)).toEqual([]);
  });
});
