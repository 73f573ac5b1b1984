import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import type { FakeScript } from '../../support/fake-llm/scripted-reply.js';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { report, spawn, status, wait, type SpawnOptions } from '../../../src/index.js';
import { runApi, thrownBy, withEnv } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/** The command agent: moves `a` 0.1 towards 3, an improvement of about 0.4 every time. */
const IMPROVE = `const fs = require('node:fs');
const text = fs.readFileSync('prog.js', 'utf8');
const next = text.replace(/const a = ([-\\d.]+);/, (_, a) => 'const a = ' + Math.min(3, Number(a) + 0.1).toFixed(2) + ';');
fs.writeFileSync('prog.js', next);
console.log('moved a towards 3');
`;

/** Another command agent: moves \`a\` far off, a worse program every time. */
const SPOIL = `const fs = require('node:fs');
fs.writeFileSync('prog.js', fs.readFileSync('prog.js', 'utf8').replace(/const a = ([-\\d.]+);/, 'const a = -50.0;'));
`;

/** The openai model finishes at once without a change (it never improves), 1,000 tokens a call. */
const finishesAtOnce: FakeScript = () => ({ kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'nothing to change', hypothesis: 'the program is fine' } }], usage: { input: 1000, output: 0 } });

const pool = (server: FakeServer, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  pool: [
    // The local mutator barely moves anything: its improvements are tiny.
    { backend: 'local', local: { explorerMutations: 1, optimizerSteps: 1, stepScale: 0.001 } },
    { backend: 'command', command: { argv: ['node', 'improve.cjs'] } },
    { backend: 'openai', model: 'gpt-fake', baseUrl: `${server.url}/v1`, api: { maxRetries: 0 } },
  ],
  prices: { 'gpt-fake': { input: 1, output: 1 } },
  ...extra,
});

const ENV = { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: '' };

const readAttempts = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return z.array(z.object({ id: z.string(), backend: z.string(), status: z.string(), error: z.string().nullable() }))
      .parse(db.prepare("SELECT id, backend, status, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
  } finally {
    db.close();
  }
};

const waitEvents = (repo: ToyRepo): string[] => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return z.array(z.object({ data_json: z.string() })).parse(db.prepare("SELECT data_json FROM events WHERE type = 'agent.waiting'").all()).map((e) => e.data_json);
  } finally {
    db.close();
  }
};

describe('agent.pool: several backends in one run', () => {
  const repos: ToyRepo[] = [];
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const repo of repos.splice(0)) repo.cleanup();
  });
  const toyRepo = (config: Record<string, unknown>): ToyRepo => {
    const repo = createToyRepo(config, { 'improve.cjs': IMPROVE, 'spoil.cjs': SPOIL });
    repos.push(repo);
    return repo;
  };

  it('weighted: attempts from local, command and openai, with per-backend figures in the status report, its text and the HTML report', async () => {
    server = await startFakeOpenAi(finishesAtOnce);
    const repo = toyRepo({ agent: pool(server), budget: { attempts: 9 }, concurrency: { agents: 2, evaluations: 2 } });
    const { result, lines } = await runApi(repo.dir, {}, ENV);
    expect(result).toMatchObject({ status: 'finished', problem: null });
    expect(lines.some((line) => line.includes('agent.pool (weight): local'))).toBe(true);
    const attempts = readAttempts(repo);
    expect(new Set(attempts.map((a) => a.backend))).toEqual(new Set(['local', 'command', 'openai:gpt-fake']));
    const statusReport = await status({ cwd: repo.dir });
    const backends = statusReport.backends ?? [];
    expect(backends.map((b) => [b.name, b.model])).toEqual([['local', null], ['command', null], ['openai:gpt-fake', 'gpt-fake']]);
    for (const b of backends) expect(b.attempts).toBe(attempts.filter((a) => a.backend === b.name && a.status !== 'interrupted').length);
    expect(backends.reduce((sum, b) => sum + b.attempts, 0)).toBe(9);
    // The command agent improves on every parent; the openai model never changes anything and is the one that costs.
    const byName = new Map(backends.map((b) => [b.name, b]));
    expect(byName.get('command')?.improvements).toBe(byName.get('command')?.attempts);
    expect(byName.get('openai:gpt-fake')?.improvements).toBe(0);
    expect(byName.get('openai:gpt-fake')?.costUsd).toBeGreaterThan(0);
    expect(byName.get('command')?.costUsd).toBe(0);
    // What `swarm status` prints from that report.
    const plain = renderStatus(statusReport, { color: false, now: Date.now(), width: 120 });
    expect(plain).toMatch(/backends\s+local \d+ attempts?, \d+ improved/);
    expect(plain).toContain('openai:gpt-fake');
    const { html } = await report({ cwd: repo.dir, output: '-' });
    expect(html).toContain(`command ${byName.get('command')?.attempts ?? 0} attempt`);
  }, 240_000);

  it('bandit: attempts shift to the entry that improves, and with one agent slot a seed repeats the sequence exactly', async () => {
    server = await startFakeOpenAi(finishesAtOnce);
    const agent = {
      pool: [
        { name: 'spoiler', backend: 'command', command: { argv: ['node', 'spoil.cjs'] } },
        { name: 'improver', backend: 'command', command: { argv: ['node', 'improve.cjs'] } },
        { backend: 'openai', model: 'gpt-fake', baseUrl: `${server.url}/v1`, api: { maxRetries: 0 } },
      ],
      poolPolicy: 'bandit',
      prices: { 'gpt-fake': { input: 1, output: 1 } },
    };
    // One attempt planned at a time, each after the last one finished.
    const config = { agent, budget: { attempts: 12 }, concurrency: { agents: 1, evaluations: 1 }, shepherd: { seed: 7, initialExplorers: 1, waveSize: 1 } };
    const sequences: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const repo = toyRepo(config);
      const { result } = await runApi(repo.dir, {}, ENV);
      expect(result).toMatchObject({ status: 'finished', problem: null });
      sequences.push(readAttempts(repo).map((a) => a.backend));
    }
    const [first, second] = sequences;
    expect(first).toHaveLength(12);
    expect(second).toEqual(first);
    // Each entry is tried first; then the command agent, which improves every time, gets most attempts.
    expect(first?.slice(0, 3)).toEqual(['spoiler', 'improver', 'openai:gpt-fake']);
    const count = (name: string): number => first?.filter((b) => b === name).length ?? 0;
    expect(count('improver')).toBeGreaterThanOrEqual(6);
    expect(count('improver')).toBeGreaterThan(count('spoiler') + count('openai:gpt-fake'));
    // After the first round, the later attempts go mostly to the improver.
    expect(first?.slice(6).filter((b) => b === 'improver').length).toBeGreaterThanOrEqual(4);
  }, 300_000);

  it('a rate-limited (429) openai entry parks while local and command continue; its attempt fails at agent.limits.maxParks', async () => {
    server = await startFakeOpenAi(() => ({ kind: 'error', status: 429, headers: { 'retry-after': '1' }, message: 'fake rate limit' }));
    const repo = toyRepo({ agent: { ...pool(server), limits: { maxParks: 2 } }, budget: { attempts: 8 }, concurrency: { agents: 2, evaluations: 2 } });
    const { result } = await runApi(repo.dir, {}, ENV);
    const attempts = readAttempts(repo);
    const limited = attempts.filter((a) => a.backend === 'openai:gpt-fake');
    expect(limited.length, result.stopReason).toBeGreaterThan(0);
    for (const a of limited) expect(a.status).toBe('failed');
    // The waits were the openai entry's own: nothing else was held.
    const waits = waitEvents(repo);
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(JSON.parse(w)).toMatchObject({ backend: 'openai:gpt-fake' });
    const others = attempts.filter((a) => a.backend !== 'openai:gpt-fake');
    expect(others.filter((a) => a.status === 'scored').length).toBeGreaterThanOrEqual(4);
    expect(result).toMatchObject({ status: 'finished', problem: null });
  }, 240_000);

  it('spawn with a backend names a pool entry; an unknown name is a usage error (exit 2) that lists the entries', async () => {
    server = await startFakeOpenAi(finishesAtOnce);
    const repo = toyRepo({ agent: pool(server), budget: { attempts: 4 } });
    // The spawn driver, a process of its own, takes the environment of the spawn that starts it.
    const env = { ...ENV, SWARM_SPAWN_IDLE_MS: '1500' };
    const explorer: SpawnOptions = { cwd: repo.dir, parents: 'baseline', role: 'explorer', context: '', informedBy: [] };
    const wrong = await withEnv(env, () => thrownBy(spawn({ ...explorer, backend: 'gemini' })));
    expect(isSwarmError(wrong) && exitCodeFor(wrong)).toBe(2);
    expect(isSwarmError(wrong) && wrong.message).toContain('names no agent.pool entry; the entries are local, command, openai:gpt-fake');
    const { id } = await withEnv(env, () => spawn({ ...explorer, backend: 'command' }));
    const waited = await wait({ cwd: repo.dir, ids: [id], any: false, timeoutMs: 120_000 });
    expect(waited).toMatchObject({ timedOut: false, driverGone: false });
    const attempt = readAttempts(repo).find((a) => a.id === id);
    expect(attempt).toMatchObject({ backend: 'command', status: 'scored' });
    await wait({ cwd: repo.dir, ids: [], any: false, timeoutMs: 60_000 });
    for (let i = 0; i < 50; i++) {
      if ((await status({ cwd: repo.dir })).run.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 240_000);
});
