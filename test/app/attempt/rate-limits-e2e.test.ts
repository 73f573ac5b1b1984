import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { status } from '../../../src/index.js';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import { anthropicHandler, endsWithToolResult, messagesBody, requestText as messagesText } from '../../support/fake-llm/anthropic-messages.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { assistantTurns, requestText } from '../../support/fake-llm/scripted-reply.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';
import { attemptOf, CONTINUED, limited, limitedAgentScript, ONE_ATTEMPT, readEvents, statusWhileWaiting, workReply } from './rate-limit-fixtures.js';

// A driver SIGKILLed during a wait and resumed by another process: rate-limits-killed-driver-e2e.test.ts.

describe('rate and usage limits park the attempt instead of failing it', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  let tools: string | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    if (tools) rmSync(tools, { recursive: true, force: true });
    server = repo = tools = undefined;
  });

  it('anthropic: HTTP 429 with retry-after after the SDK retries waits, shows in status, resumes the conversation and is scored', async () => {
    let released = false;
    // The first call works (an edit), then the API limits the next ones until the test has seen the wait.
    server = await startFakeAnthropic((request) => (released || assistantTurns(request) === 0 ? workReply(request) : limited('2')));
    repo = createToyRepo({ ...ONE_ATTEMPT, agent: { backend: 'anthropic', model: 'fake-model', api: { maxRetries: 1 } } });
    const run = runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.url });
    const waiting = await statusWhileWaiting(repo, run);
    released = true;
    const { result, lines } = await run;
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });

    const wait = waiting.waits?.[0];
    expect(wait).toMatchObject({ backend: 'anthropic', kind: 'rate-limit', attempts: ['a2'] });
    expect(wait?.detail).toContain('HTTP 429, retry-after 2');
    expect(wait!.until).toBeGreaterThan(wait!.since);
    expect(waiting.attempts.find((a) => a.id === 'a2')).toMatchObject({ status: 'running', phase: 'waiting' });
    // The SDK's own retry came first: the edit call, then two 429s before the first wait.
    expect(server.requests.length).toBeGreaterThanOrEqual(3);

    // Scored, and the usage of the run before the limit (the edit call) counts with the continuation's.
    expect(attemptOf(repo, 'a2')).toMatchObject({ status: 'scored', score: -9, input_tokens: 200 });
    const a2 = readEvents(repo).filter((e) => e.attempt_id === 'a2').map((e) => e.type);
    expect(a2.indexOf('agent.waiting')).toBeGreaterThan(-1);
    expect(a2.indexOf('agent.resumed')).toBeGreaterThan(a2.indexOf('agent.waiting'));
    expect(a2.lastIndexOf('attempt.finished')).toBeGreaterThan(a2.lastIndexOf('agent.resumed'));
    // The continuation carried the conversation on: the task prompt and then the note to continue.
    const worked = server.requests.filter((r) => requestText(r).includes('prog.js') && requestText(r).includes(CONTINUED));
    expect(worked.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ stopReason: expect.any(String) as string });
    // The status after the run no longer shows the wait.
    const after = await status({ cwd: repo.dir });
    expect(after.waits).toEqual([]);
  }, 120_000);

  it('command backend: a "usage limit reached … resets at <time>" message parks the attempt until then, then the agent runs again', async () => {
    tools = mkdtempSync(join(tmpdir(), 'swarm-limit-agent-'));
    const { script, state } = limitedAgentScript(tools, 3);
    repo = createToyRepo({ ...ONE_ATTEMPT, agent: { backend: 'command', command: { argv: [script, '{prompt}'] } } });
    const { result, lines } = await runApi(repo.dir);
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const output = lines.join('\n');
    expect(output).toMatch(/a2 waits: command usage limit until \d\d:\d\d:\d\d/);
    expect(output.indexOf('a2 continues after the usage limit')).toBeGreaterThan(output.indexOf('a2 waits'));
    expect(readFileSync(state, 'utf8').trim()).toBe('2');
    expect(attemptOf(repo, 'a2')).toMatchObject({ status: 'scored', score: -9 });

    const events = readEvents(repo).filter((e) => e.attempt_id === 'a2');
    const types = events.map((e) => e.type);
    expect(types.indexOf('agent.resumed')).toBeGreaterThan(types.indexOf('agent.waiting'));
    const waitingEvent = events.find((e) => e.type === 'agent.waiting');
    const data = JSON.parse(waitingEvent?.data_json ?? '{}') as { kind: string; until: number; detail: string };
    const printed = readFileSync(`${state}.message`, 'utf8').trim();
    expect(data.kind).toBe('usage-limit');
    expect(data.detail).toContain(printed);
    // It waited for exactly the time the agent named (local time, to the second).
    const until = new Date(data.until);
    const clock = [until.getHours(), until.getMinutes(), until.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
    expect(printed.endsWith(clock)).toBe(true);
    expect(JSON.parse(events.find((e) => e.type === 'agent.resumed')?.data_json ?? '{}')).toMatchObject({ resumesSession: false });
  }, 120_000);

  it('claude-code (real claude): an HTTP 429 parks the attempt with a backoff, then its session is resumed and scored', async () => {
    let released = false;
    const answer = anthropicHandler((body) =>
      endsWithToolResult(body)
        ? { kind: 'text', text: 'Edited prog.js.\nHYPOTHESIS: a near 3 is best' }
        : { kind: 'tool_use', name: 'Bash', input: { command: "sed -i 's/^const a = 1.0/const a = 3.0/' prog.js", description: 'edit prog.js' } });
    server = await startFakeServer((request, response) => {
      if (!released && messagesBody(request) !== null) {
        writeJson(response, 429, { type: 'error', error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' } });
        return;
      }
      answer(request, response);
    });
    tools = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    repo = createToyRepo({ ...ONE_ATTEMPT, agent: { backend: 'claude-code', timeout: '90s', limits: { backoff: '1s' } } });
    const run = runApi(repo.dir, {}, {
      HOME: tools, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
      DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    const waiting = await statusWhileWaiting(repo, run);
    released = true;
    const { result, lines } = await run;
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    expect(waiting.waits?.[0]).toMatchObject({ backend: 'claude-code', kind: 'rate-limit', attempts: ['a2'] });
    expect(waiting.waits?.[0]?.detail).toContain('HTTP 429');
    expect(attemptOf(repo, 'a2')).toMatchObject({ status: 'scored', score: -9 });
    expect(lines.join('\n')).toMatch(/a2 continues after the rate limit, resuming its session/);
    // The resumed session still holds the task prompt, then the note to continue.
    const last = server.requests.map(messagesBody).filter((b) => b !== null).at(-1);
    expect(messagesText(last!)).toContain('You are explorer a2');
    expect(messagesText(last!)).toContain(CONTINUED);
  }, 180_000);

  it('agent.limits.park: false fails the attempt at the limit, as before', async () => {
    tools = mkdtempSync(join(tmpdir(), 'swarm-limit-agent-'));
    const { script, state } = limitedAgentScript(tools, 3);
    repo = createToyRepo({ ...ONE_ATTEMPT, agent: { backend: 'command', command: { argv: [script, '{prompt}'] }, limits: { park: false } } });
    await runApi(repo.dir);
    expect(readFileSync(state, 'utf8').trim()).toBe('1');
    expect(attemptOf(repo, 'a2').status).toBe('failed');
    expect(readEvents(repo).map((e) => e.type)).not.toContain('agent.waiting');
  }, 120_000);

  it('Ctrl-C during a wait ends it cleanly: the attempt is interrupted and the run resumes later', async () => {
    let released = false;
    server = await startFakeAnthropic((request) => (released ? workReply(request) : limited('3')));
    repo = createToyRepo({ ...ONE_ATTEMPT, agent: { backend: 'anthropic', model: 'fake-model', api: { maxRetries: 0 } } });
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.url };
    // Ctrl-C is the run's drain signal (the CLI aborts it on the first SIGINT; exit 130 is an interrupted run).
    const ctrlC = new AbortController();
    const first = runApi(repo.dir, { drain: ctrlC.signal }, env);
    await statusWhileWaiting(repo, first);
    ctrlC.abort('Ctrl-C');
    const stopped = await first;
    expect(stopped.result.status, stopped.lines.join('\n')).toBe('interrupted');
    expect(attemptOf(repo, 'a2').status).toBe('interrupted');
    const types = readEvents(repo).filter((e) => e.attempt_id === 'a2').map((e) => e.type);
    expect(types).toContain('agent.waiting');
    expect(types).not.toContain('agent.resumed');
    expect(types.at(-1)).toBe('attempt.interrupted');

    released = true;
    const resumed = await runApi(repo.dir, {}, env);
    expect(resumed.result, resumed.lines.join('\n')).toMatchObject({ status: 'finished', problem: null, resumed: true });
    expect(attemptOf(repo, 'a3')).toMatchObject({ status: 'scored', score: -9 });
  }, 120_000);

  it('async scheduling: while one attempt is parked no new agent starts on the backend', async () => {
    tools = mkdtempSync(join(tmpdir(), 'swarm-limit-agent-'));
    const { script, state } = limitedAgentScript(tools, 8, 3);
    repo = createToyRepo({
      budget: { attempts: 3 }, concurrency: { agents: 2 }, shepherd: { schedule: 'async', initialExplorers: 3 },
      agent: { backend: 'command', command: { argv: [script, '{prompt}'] } },
    });
    const { result, lines } = await runApi(repo.dir);
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    // The park line always; the gate's own line only when a slot frees during the wait (timing).
    expect(lines.join('\n')).toMatch(/waits: command usage limit until \d\d:\d\d:\d\d/);
    // Counted by the call log below: the counter file is not atomic when two agents start at the reset.
    const events = readEvents(repo);
    const waitingAt = events.findIndex((e) => e.type === 'agent.waiting');
    const until = (JSON.parse(events[waitingAt]?.data_json ?? '{}') as { until: number }).until;
    const planned = events.filter((e) => e.type === 'attempt.planned' && e.attempt_id !== 'a1');
    expect(planned).toHaveLength(3);
    // The agents that get through work 3 s, so a slot frees well after the limit is recorded.
    // The third attempt may be planned and prepared ahead, but once the limit was recorded no
    // agent started on the backend until it reset (2 s of grace for one that passed the gate just
    // before the record). The second may have started with the first, or waited (timing).
    const calls = readFileSync(`${state}.times`, 'utf8').trim().split('\n').map(Number);
    expect(calls).toHaveLength(4);
    const recordedAt = events[waitingAt]?.at ?? 0;
    expect(calls.filter((at) => at > recordedAt + 2000 && at < until)).toEqual([]);
    expect(calls.filter((at) => at >= until).length).toBeGreaterThanOrEqual(2);
    expect(events.findIndex((e) => e.type === 'agent.resumed')).toBeGreaterThan(waitingAt);
  }, 120_000);
});
