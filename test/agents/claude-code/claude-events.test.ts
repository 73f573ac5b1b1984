import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';
import { claudeOutcome } from '../../../src/agents/claude-code/claude-code-agent.js';
import { parseClaudeStream } from '../../../src/agents/claude-code/claude-events.js';

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
    const outcome = claudeOutcome(parseClaudeStream(result({})), task({ forkFrom: { backend: 'claude-code', id: 'p', cumulativeCostUsd: 0.2 } }), null, { stopped: false, timedOut: false }, '/t');
    expect(outcome.status).toBe('completed');
    expect(outcome.usage).toEqual({ inputTokens: 16, outputTokens: 7, costUsd: expect.closeTo(0.3, 10) });
    expect(outcome.session).toEqual({ backend: 'claude-code', id: 's-final', cumulativeCostUsd: 0.5 });
    expect(outcome.hypothesis).toBe('h1');
  });

  it('treats is_error with subtype "success" (an API failure) as failed, named by its HTTP status and retries, without the subtype', () => {
    const retry = line({ type: 'system', subtype: 'api_retry', attempt: 1, max_retries: 2, error_status: 500, error: 'server_error', session_id: 's' });
    const outcome = claudeOutcome(parseClaudeStream([retry, retry, result({ is_error: true, result: 'API Error: 500', api_error_status: 500 })].join('\n')), task(), null, { stopped: false, timedOut: false }, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('the model API answered HTTP 500 after Claude Code retried (HTTP 500 twice): API Error: 500; check that the model API at ANTHROPIC_BASE_URL (or Anthropic\'s, when unset) is up and reachable');
  });

  it('names a missing login and its fix', () => {
    const outcome = claudeOutcome(parseClaudeStream(result({ is_error: true, result: 'Not logged in · Please run /login', total_cost_usd: 0 })), task(), null, { stopped: false, timedOut: false }, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^Claude Code is not logged in .*set ANTHROPIC_API_KEY, or run `claude` once and log in with \/login$/);
    expect(outcome.error).not.toContain('success');
  });

  it('blames the model API, not the timeout, when Claude Code was still retrying failed requests', () => {
    const retries = Array.from({ length: 7 }, (_, i) => line({ type: 'system', subtype: 'api_retry', attempt: i + 1, max_retries: 10, error_status: 500, error: 'server_error' }));
    const outcome = claudeOutcome(parseClaudeStream(retries.join('\n')), task(), 'claude timed out after 60 s and was stopped; raise agent.timeout if it needs longer', { stopped: true, timedOut: true }, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^the model API answered HTTP 500 7 times and Claude Code was still retrying when the agent timeout stopped it; check that the model API/);
    expect(outcome.error).not.toMatch(/raise agent\.timeout/);
  });

  it('counts refused tool calls and says when they blocked self-evaluation', () => {
    const denials = [
      { tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: 'swarm eval | tail -1', description: 'x' } },
      { tool_name: 'Bash', tool_use_id: 't2', tool_input: { command: 'python3 -c "print(1)"' } },
    ];
    const outcome = claudeOutcome(parseClaudeStream(result({ permission_denials: denials })), task({ allowedCommands: ['swarm eval'] }), null, { stopped: false, timedOut: false }, '/t');
    expect(outcome.status).toBe('completed');
    expect(outcome.permissionDenials).toEqual(['Bash: swarm eval | tail -1', 'Bash: python3 -c "print(1)"']);
    expect(outcome.error).toMatch(/^Claude Code refused 2 tool call\(s\) .*self-evaluation was blocked 1 time\(s\)/);
    const clean = claudeOutcome(parseClaudeStream(result({ permission_denials: [] })), task(), null, { stopped: false, timedOut: false }, '/t');
    expect(clean.permissionDenials).toBeUndefined();
    expect(clean.error).toBeUndefined();
  });

  it('keeps the edits of an agent that reached its turn limit', () => {
    const outcome = claudeOutcome(parseClaudeStream(result({ is_error: true, subtype: 'error_max_turns', result: undefined })), task(), null, { stopped: false, timedOut: false }, '/t');
    expect(outcome.status).toBe('completed');
    expect(outcome.error).toMatch(/error_max_turns/);
  });

  it('fails with the process problem when no result event came', () => {
    const outcome = claudeOutcome(parseClaudeStream('garbage'), task(), 'claude timed out after 1 s and was stopped', { stopped: true, timedOut: true }, '/t');
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('claude timed out after 1 s and was stopped; 1 malformed transcript line(s) skipped');
  });

  it('still records the tokens a killed run spent, each message counted once, priced with agent.prices', () => {
    const assistant = (id: string, text: string) =>
      line({ type: 'assistant', session_id: 's1', message: { id, model: 'claude-x', content: [{ type: 'text', text }], usage: { input_tokens: 100, cache_read_input_tokens: 20, output_tokens: 30 } } });
    // Two events of message m1 (one per content block) and one of m2; then the process was killed.
    const stream = parseClaudeStream([assistant('m1', 'one'), assistant('m1', 'two'), assistant('m2', 'three')].join('\n'));
    expect(stream.assistantUsage).toEqual({ inputTokens: 240, outputTokens: 60, cachedInputTokens: 40 });
    const prices = { 'claude-x': { input: 3, output: 15, cachedInput: 0.3 } };
    const outcome = claudeOutcome(stream, task(), 'claude timed out after 1 s and was stopped', { stopped: true, timedOut: true }, '/t', prices);
    expect(outcome.status).toBe('failed');
    // 200 fresh input x $3 + 40 cache reads x $0.30 + 60 output x $15, per million.
    expect(outcome.usage).toEqual({ inputTokens: 240, outputTokens: 60, costUsd: expect.closeTo((200 * 3 + 40 * 0.3 + 60 * 15) / 1e6, 12) });
    expect(claudeOutcome(stream, task(), null, { stopped: true, timedOut: true }, '/t').usage.costUsd).toBe(0);
  });

  it('counts the calls refused before a run was killed, from the tool results', () => {
    const call = line({ type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 'tu1', name: 'Bash', input: { command: 'swarm eval; echo' } }] } });
    const ran = line({ type: 'assistant', message: { id: 'm2', content: [{ type: 'tool_use', id: 'tu2', name: 'Bash', input: { command: 'ls' } }] } });
    const refusal = line({ type: 'user', message: { content: [] }, tool_result_meta: [{ id: 'tu1', permission_decision: { decision: 'reject', source: 'config' } }] });
    const accepted = line({ type: 'user', message: { content: [] }, tool_result_meta: [{ id: 'tu2', permission_decision: { decision: 'accept' } }] });
    const outcome = claudeOutcome(parseClaudeStream([call, refusal, ran, accepted].join('\n')), task(), 'claude timed out', { stopped: true, timedOut: true }, '/t');
    expect(outcome.permissionDenials).toEqual(['Bash: swarm eval; echo']);
    expect(outcome.error).toMatch(/^claude timed out; Claude Code refused 1 tool call\(s\).*self-evaluation was blocked/);
  });
});
