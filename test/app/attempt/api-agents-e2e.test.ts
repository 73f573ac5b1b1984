import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { assistantTurns, requestText, type FakeReply, type FakeScript } from '../../support/fake-llm/scripted-reply.js';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { runApi, thrownBy } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const EDIT_A = { path: 'prog.js', search: 'const a = 1.0;', replace: 'const a = 3.0;' };
const GOOD_DIFF = 'HYPOTHESIS: a should be 3\nprog.js\n<<<<<<< SEARCH\nconst a = 1.0;\n=======\nconst a = 3.0;\n>>>>>>> REPLACE\n';

/** Explorers edit, score themselves and finish; optimizers answer at once. */
const agentScript = (onOptimizer: (text: string) => void): FakeScript => (request) => {
  const text = requestText(request);
  if (/You are optimizer/.test(text)) {
    onOptimizer(text);
    return { kind: 'message', text: 'kept the parent change\nHYPOTHESIS: a = 3 is optimal' };
  }
  const replies: FakeReply[] = [
    { kind: 'message', text: 'EXPLORER-MARK', toolCalls: [{ name: 'edit_file', input: EDIT_A }] },
    { kind: 'message', toolCalls: [{ name: 'run_eval', input: {} }] },
    { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3', hypothesis: 'a near 3 is best' } }] },
  ];
  return replies[Math.min(assistantTurns(request), 2)] ?? { kind: 'message', text: 'done' };
};

interface Attempt { id: string; role: string; status: string; score: number | null; reason: string | null; flags_json: string }
const readDb = (repo: ToyRepo): { attempts: Attempt[]; events: string[]; intermediate: number; sessions: number; rationales: string[] } => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: db.prepare("SELECT id, role, status, score, reason, flags_json FROM attempts WHERE role != 'baseline' ORDER BY seq").all() as Attempt[],
      events: (db.prepare('SELECT type FROM events').all() as Array<{ type: string }>).map((e) => e.type),
      intermediate: (db.prepare("SELECT COUNT(*) AS n FROM evaluations WHERE kind = 'intermediate'").get() as { n: number }).n,
      sessions: (db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE messages_json IS NOT NULL').get() as { n: number }).n,
      rationales: (db.prepare('SELECT rationale FROM waves ORDER BY number').all() as Array<{ rationale: string }>).map((w) => w.rationale),
    };
  } finally {
    db.close();
  }
};

describe('swarm run with API agents against fake model servers', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });

  it('anthropic, agent mode: explorers edit and self-evaluate, an optimizer forks its parent conversation', async () => {
    let optimizerSawParent: boolean | null = null;
    server = await startFakeAnthropic(agentScript((text) => (optimizerSawParent = text.includes('EXPLORER-MARK') && text.includes('a near 3 is best'))));
    repo = createToyRepo({ agent: { backend: 'anthropic', model: 'fake-model' }, budget: { attempts: 3 }, shepherd: { initialExplorers: 2, waveSize: 1 } });
    const run = await runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'sk-fake-secret', ANTHROPIC_BASE_URL: server.url });
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const { attempts, intermediate, sessions } = readDb(repo);
    expect(attempts.map((a) => [a.role, a.status, a.score, a.reason])).toEqual([['explorer', 'scored', -9, null], ['explorer', 'scored', -9, null], ['optimizer', 'scored', -9, null]]);
    expect(optimizerSawParent).toBe(true);
    expect(intermediate).toBeGreaterThanOrEqual(2);
    expect(sessions).toBe(3);
    // Not in what the run reported (the CLI's progress lines and its --json result)...
    expect(run.lines.join('\n') + JSON.stringify(run.result)).not.toContain('sk-fake-secret');
    // Nor anywhere swarm writes: the database, the logs and transcripts, the commits.
    const found = spawnSync('grep', ['-r', '-l', '--binary-files=text', 'sk-fake-secret', join(repo.dir, '.swarm')], { encoding: 'utf8' });
    expect(found.status).toBe(1); // grep: no match
    expect(found.stdout).toBe('');
    expect(repo.git('log', '--all', '-p')).not.toContain('sk-fake-secret');
  }, 120_000);

  it('openai, diff mode via --base-url without a key; a non-matching block is resampled', async () => {
    server = await startFakeOpenAi((request) => ({ kind: 'message', text: assistantTurns(request) === 0 && requestText(request).includes('a2') ? 'prog.js\n<<<<<<< SEARCH\nconst z = 0;\n=======\nx\n>>>>>>> REPLACE\n' : GOOD_DIFF }));
    repo = createToyRepo({ agent: { backend: 'openai', model: 'local-model' }, budget: { attempts: 2 }, shepherd: { initialExplorers: 2 } });
    const run = await runApi(repo.dir, { overrides: { mode: 'diff', baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: '', OPENAI_BASE_URL: '' });
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    expect(readDb(repo).attempts.map((a) => a.score)).toEqual([-9, -9]);
    expect(server.requests.some((r) => requestText(r).includes('does not match exactly'))).toBe(true);
    // The first request is the preflight's check that the base URL answers; the model calls carry the placeholder key.
    expect(server.requests.find((r) => r.method === 'POST')?.headers.authorization).toBe('Bearer no-key-needed');
  }, 120_000);

  it('openai, agent mode with the LLM shepherd: a planned wave, then a fallback to rules', async () => {
    server = await startFakeOpenAi((request) => {
      const text = requestText(request);
      if (text.includes('You are the Shepherd')) {
        return text.includes('Wave 1.')
          ? { kind: 'message', text: JSON.stringify({ reasoning: 'two fresh explorers', attempts: [{ parents: ['a1'], role: 'explorer', context: 'start' }, { parents: ['a1'], role: 'explorer', context: 'start' }] }) }
          : { kind: 'message', text: JSON.stringify({ attempts: [{ parents: ['a99'], role: 'optimizer' }] }) };
      }
      return agentScript(() => undefined)(request, 0);
    });
    repo = createToyRepo({ agent: { backend: 'openai', model: 'm' }, budget: { attempts: 3 }, shepherd: { policy: 'llm', llm: { backend: 'openai' } } });
    const run = await runApi(repo.dir, { overrides: { baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: 'sk-x' });
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const { attempts, events, rationales } = readDb(repo);
    expect(attempts).toHaveLength(3);
    expect(rationales[0]).toBe('llm: two fresh explorers');
    expect(rationales[1]).toMatch(/^rules fallback \(LLM plan rejected: attempts.0.parents: a99 is not an attempt/);
    expect(attempts.filter((a) => a.status !== 'scored').map((a) => [a.id, a.status, a.reason])).toEqual([]);
    expect(events.filter((e) => e === 'shepherd.fallback')).toHaveLength(1);
    const planningCalls = server.requests.filter((r) => requestText(r).includes('You are the Shepherd'));
    expect(planningCalls).toHaveLength(3);
    expect(requestText(planningCalls[2]!)).toContain('a99 is not an attempt of this run');
  }, 120_000);

  it('anthropic, diff mode: the cost budget ends the run and says so', async () => {
    server = await startFakeAnthropic(() => ({ kind: 'message', text: GOOD_DIFF, usage: { input: 100, output: 0 } }));
    repo = createToyRepo({ agent: { backend: 'anthropic', model: 'fake-model', mode: 'diff', prices: { 'fake-model': { input: 1000, output: 0 } } }, budget: { attempts: 10, costUsd: 0.15 }, shepherd: { initialExplorers: 2 } });
    const { result, lines } = await runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.url });
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    expect(result.stopReason).toMatch(/^cost budget of \$0.15 reached/);
    expect(readDb(repo).attempts).toHaveLength(2);
  }, 120_000);

  it('refuses to start without a key, naming the variable', async () => {
    repo = createToyRepo({ agent: { backend: 'anthropic' } });
    const error = await thrownBy(runApi(repo.dir, {}, { ANTHROPIC_API_KEY: '' }));
    // A SwarmError the CLI ends with exit 2 (a usage or config error), naming the variable.
    expect(isSwarmError(error) && exitCodeFor(error)).toBe(2);
    expect(isSwarmError(error) && error.message).toContain('ANTHROPIC_API_KEY');
  }, 30_000);
});
