import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';
import { codexOutcome } from '../../../src/agents/codex/codex-agent.js';
import { codexArgs } from '../../../src/agents/codex/codex-args.js';
import { parseCodexStream, totalsToJson } from '../../../src/agents/codex/codex-events.js';
import { withoutCodexNoise } from '../../../src/agents/codex/codex-stderr.js';

const line = (value: unknown): string => JSON.stringify(value);
const task = (fields: Partial<AgentTask> = {}): AgentTask => ({
  runId: runId('r'), attemptId: attemptId('a'), worktree: '/w', role: 'explorer', prompt: 'do it', systemPrompt: 'role text',
  timeoutMs: 1000, seed: 1, env: {}, logDir: '/l', ...fields,
});
const turn = (input: number, cached: number, output: number) =>
  line({ type: 'turn.completed', usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: 0 } });

describe('parseCodexStream', () => {
  it('skips and counts malformed lines; takes thread id, last message and last running totals', () => {
    const text = [
      line({ type: 'thread.started', thread_id: 't-1' }),
      'Reading additional input from stdin...',
      line({ type: 'item.completed', item: { id: 'i0', type: 'error', message: 'Model metadata not found' } }),
      line({ type: 'item.completed', item: { id: 'i1', type: 'agent_message', text: 'first' } }),
      turn(100, 10, 5),
      '{"type":"item.completed","item":',
      line({ type: 'item.completed', item: { id: 'i2', type: 'agent_message', text: 'final\nHYPOTHESIS: h' } }),
      turn(300, 30, 15),
    ].join('\n');
    const stream = parseCodexStream(text);
    expect(stream.malformed).toBe(2);
    expect(stream.threadId).toBe('t-1');
    expect(stream.finalMessage).toBe('final\nHYPOTHESIS: h');
    expect(stream.totals).toEqual({ inputTokens: 300, cachedInputTokens: 30, outputTokens: 15 });
    expect(stream.errors).toEqual(['Model metadata not found']);
  });

  it('records failed turns and error events', () => {
    const stream = parseCodexStream([line({ type: 'error', message: 'Reconnecting... 1/5' }), line({ type: 'turn.failed', error: { message: 'stream error' } })].join('\n'));
    expect(stream.turnFailed).toBe(true);
    const outcome = codexOutcome(stream, task(), null, undefined, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('codex reported a failed turn; last codex error: stream error');
  });
});

describe('codexOutcome', () => {
  it('subtracts the parent thread\'s stored totals from a fork\'s running totals and prices the rest', () => {
    const stream = parseCodexStream([line({ type: 'thread.started', thread_id: 't-2' }), turn(3000, 1000, 300)].join('\n'));
    const parent = { inputTokens: 1000, cachedInputTokens: 400, outputTokens: 100 };
    const outcome = codexOutcome(
      stream,
      task({ forkFrom: { backend: 'codex', id: 't-1', cumulativeCostUsd: 0 }, forkHistoryJson: totalsToJson(parent) }),
      null,
      { input: 1, output: 10, cachedInput: 0.1 },
      '/t',
    );
    expect(outcome.status).toBe('completed');
    expect(outcome.usage.inputTokens).toBe(2000);
    expect(outcome.usage.outputTokens).toBe(200);
    expect(outcome.usage.costUsd).toBeCloseTo((1400 * 1 + 600 * 0.1 + 200 * 10) / 1e6, 12);
    expect(outcome.historyJson).toBe(totalsToJson({ inputTokens: 3000, cachedInputTokens: 1000, outputTokens: 300 }));
  });
});

describe('codexArgs', () => {
  it('forks the parent thread and puts the role instructions before the prompt', () => {
    const args = codexArgs(task({ forkFrom: { backend: 'codex', id: 't-1' }, model: 'm' }), { binary: 'codex', sandbox: 'workspace-write', extraArgs: ['--x'], configOverrides: { k: '"v"' } });
    expect(args).toEqual(['exec', '--json', '--sandbox', 'workspace-write', '-C', '/w', '-c', 'allow_login_shell=false', '--model', 'm', '-c', 'k="v"', '--x', 'fork', 't-1', '--', 'role text\n\n---\n\ndo it']);
  });
});

describe('failed swarm eval calls in the transcript', () => {
  const run = (command: string, exitCode: number | null, output: string) =>
    line({ type: 'item.completed', item: { id: 'i', type: 'command_execution', command, aggregated_output: output, exit_code: exitCode, status: exitCode === 0 ? 'completed' : 'failed' } });

  it('counts a swarm eval that was not found, or failed, and names why', () => {
    const stream = parseCodexStream([
      // Measured with codex 0.171: the login shell's /etc/profile dropped the shim from PATH.
      run("/bin/bash -lc 'swarm eval'", 127, '/bin/bash: line 1: swarm: command not found\n'),
      run("/bin/bash -lc '/repo/.swarm/bin/swarm eval --json'", 1, '\u001b[31mswarm: swarm eval in attempt a1 got no answer from the swarm: the swarm driver stopped answering\u001b[0m\u0007\n'),
    ].join('\n'));
    expect(stream.selfEvalFailures).toEqual([
      'swarm eval exited with code 127 (command not found): /bin/bash: line 1: swarm: command not found',
      'swarm eval exited with code 1: swarm: swarm eval in attempt a1 got no answer from the swarm: the swarm driver stopped answering',
    ]);
    expect(codexOutcome(stream, task(), 'x', undefined, '/t').selfEvalFailures).toHaveLength(2);
  });

  it('does not count a score, an invalid program\'s verdict, other commands or a command still running', () => {
    const stream = parseCodexStream([
      run("/bin/bash -lc '/r/.swarm/bin/swarm eval'", 0, 'score = -9 (maximize)\n'),
      run("/bin/bash -lc 'swarm eval'", 1, 'invalid: evaluator exited with code 1\n'),
      run("/bin/bash -lc 'swarm eval --json'", 1, '{"valid": false, "score": null}\n'),
      run("/bin/bash -lc 'node evaluate.js'", 127, 'not found'),
      run("/bin/bash -lc 'swarm eval'", null, ''),
    ].join('\n'));
    expect(stream.selfEvalFailures).toEqual([]);
    expect(codexOutcome(stream, task(), null, undefined, '/t').selfEvalFailures).toBeUndefined();
  });
});

describe('withoutCodexNoise', () => {
  it('drops the lines codex prints in every run and keeps the rest', () => {
    const stderr = [
      'Reading additional input from stdin...',
      'Error: Model provider `nope` not found',
      '',
      'Stack backtrace:',
      '   0: <unknown>',
      '   1: <unknown>',
    ].join('\n');
    expect(withoutCodexNoise(stderr).split('\n').filter(Boolean)).toEqual(['Error: Model provider `nope` not found']);
  });
});
