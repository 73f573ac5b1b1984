import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../core/ids.js';
import type { AgentTask } from '../../core/ports.js';
import { claudeOutcome } from './claude-code-agent.js';
import { parseClaudeStream } from './claude-events.js';

const line = (value: unknown): string => JSON.stringify(value);
const result = (fields: Record<string, unknown>) => line({
  type: 'result', subtype: 'success', is_error: false, result: 'Did it.\nHYPOTHESIS: h1', num_turns: 2,
  total_cost_usd: 0.5, session_id: 's-final', usage: { input_tokens: 10, cache_read_input_tokens: 5, cache_creation_input_tokens: 1, output_tokens: 7 }, ...fields,
});

const task = (fields: Partial<AgentTask> = {}): AgentTask => ({
  runId: runId('r'), attemptId: attemptId('a'), worktree: '/w', role: 'optimizer', prompt: 'p', systemPrompt: 's',
  timeoutMs: 1000, seed: 1, env: {}, logDir: '/l', ...fields,
});

describe('parseClaudeStream', () => {
  it('skips and counts malformed lines, keeping the events around them', () => {
    const text = [
      line({ type: 'system', subtype: 'hook_started', session_id: 's-1' }),
      '{"type":"assistant","message":{"content":[{"type":"text","text":"trunc',
      'WARNING: not json at all',
      line({ type: 'assistant', session_id: 's-1', message: { content: [{ type: 'text', text: 'partial answer' }] } }),
      line({ no: 'type' }),
      result({}),
    ].join('\n');
    const stream = parseClaudeStream(text);
    expect(stream.malformed).toBe(3);
    expect(stream.sessionId).toBe('s-final');
    expect(stream.lastAssistantText).toBe('partial answer');
    expect(stream.result?.total_cost_usd).toBe(0.5);
  });

  it('takes the session id from the first event carrying one, whatever its type', () => {
    const stream = parseClaudeStream([line({ type: 'stream_event', session_id: 's-9' }), line({ type: 'system', subtype: 'init', session_id: 's-9' })].join('\n'));
    expect(stream.sessionId).toBe('s-9');
    expect(stream.result).toBeNull();
  });
});

describe('claudeOutcome', () => {
  it('charges a fork only the difference from its parent\'s cumulative cost and counts cache tokens as input', () => {
    const outcome = claudeOutcome(parseClaudeStream(result({})), task({ forkFrom: { backend: 'claude-code', id: 'p', cumulativeCostUsd: 0.2 } }), null, false, '/t');
    expect(outcome.status).toBe('completed');
    expect(outcome.usage).toEqual({ inputTokens: 16, outputTokens: 7, costUsd: expect.closeTo(0.3, 10) });
    expect(outcome.session).toEqual({ backend: 'claude-code', id: 's-final', cumulativeCostUsd: 0.5 });
    expect(outcome.hypothesis).toBe('h1');
  });

  it('treats is_error with subtype "success" (an API failure) as failed', () => {
    const outcome = claudeOutcome(parseClaudeStream(result({ is_error: true, result: 'API Error: 500', api_error_status: 500 })), task(), null, false, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('claude reported an error (success, HTTP 500): API Error: 500');
  });

  it('keeps the edits of an agent that reached its turn limit', () => {
    const outcome = claudeOutcome(parseClaudeStream(result({ is_error: true, subtype: 'error_max_turns', result: undefined })), task(), null, false, '/t');
    expect(outcome.status).toBe('completed');
    expect(outcome.error).toMatch(/error_max_turns/);
  });

  it('fails with the process problem when no result event came', () => {
    const outcome = claudeOutcome(parseClaudeStream('garbage'), task(), 'claude timed out after 1 s and was stopped', true, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('claude timed out after 1 s and was stopped (1 malformed transcript line(s) skipped)');
  });

  it('still records the tokens a killed run spent, each message counted once', () => {
    const assistant = (id: string, text: string) =>
      line({ type: 'assistant', session_id: 's1', message: { id, content: [{ type: 'text', text }], usage: { input_tokens: 100, cache_read_input_tokens: 20, output_tokens: 30 } } });
    // Two events of message m1 (one per content block) and one of m2; then the process was killed.
    const stream = parseClaudeStream([assistant('m1', 'one'), assistant('m1', 'two'), assistant('m2', 'three')].join('\n'));
    expect(stream.assistantUsage).toEqual({ inputTokens: 240, outputTokens: 60 });
    const outcome = claudeOutcome(stream, task(), 'claude timed out after 1 s and was stopped', true, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.usage).toEqual({ inputTokens: 240, outputTokens: 60, costUsd: 0 });
  });
});
