import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findBinary } from '../../src/agents/cli-common/resolve-binary.js';
import { anthropicHandler, messagesBody, type AnthropicReply } from '../support/fake-llm/anthropic-messages.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { CLI, createToyRepo, runCli, type ToyRepo } from '../support/toy-repo.js';

const run = promisify(execFile);

const statusSchema = z.object({
  run: z.object({ id: z.string(), status: z.string() }),
  baseline: z.object({ id: z.string(), score: z.number().nullable() }).nullable(),
  best: z.object({ id: z.string() }).nullable(),
  attempts: z.array(z.object({ id: z.string(), role: z.string(), operator: z.string(), parents: z.array(z.string()), status: z.string(), score: z.number().nullable() })),
});

/** Every attempt id a swarm command printed into the conversation so far, in order. */
const spawnedIds = (history: string): string[] => [...history.matchAll(/\\"id\\":\\"(a\d+)\\",\\"run\\"/g)].map((m) => m[1] ?? '');
const leaderOf = (history: string): string => /\\"best\\":\{\\"id\\":\\"(a\d+)\\"/.exec(history)?.[1] ?? 'none';

/**
 * The fake model plays the Shepherd the swarm-shepherd skill describes: two explorers from the
 * baseline, wait, a merge of both, wait, read status, an optimizer on the leader, wait, report.
 */
const shepherdStep = (history: string, step: number): AnthropicReply => {
  const bash = (command: string): AnthropicReply => ({ kind: 'tool_use', name: 'Bash', input: { command, description: 'swarm' } });
  const ids = spawnedIds(history);
  switch (step) {
    case 0: return bash('swarm spawn --baseline --role explorer --json');
    case 1: return bash('swarm spawn --baseline --role explorer --json');
    case 2: return bash('swarm wait --all --json');
    case 3: return bash(`swarm spawn --parents ${ids[0]},${ids[1]} --role explorer --json`);
    case 4: return bash(`swarm wait ${ids[2]} --json`);
    case 5: return bash('swarm status --json');
    case 6: return bash(`swarm spawn --parent ${leaderOf(history)} --role optimizer --json`);
    case 7: return bash(`swarm wait ${ids[3]} --json`);
    default: return { kind: 'text', text: 'The search used its budget; the best attempt is in swarm status.' };
  }
};

describe('the real claude as the Shepherd, driving swarm through the installed skills', () => {
  let repo: ToyRepo;
  let dir = '';
  let server: FakeServer;
  let initSkills: string[] = [];

  beforeAll(async () => {
    const binary = findBinary('claude');
    if (binary === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');
    repo = createToyRepo({ budget: { attempts: 4 } });
    dir = mkdtempSync(join(tmpdir(), 'swarm-shepherd-'));
    const home = join(dir, 'home');
    const bin = join(dir, 'bin');
    mkdirSync(home);
    mkdirSync(bin);
    writeFileSync(join(bin, 'swarm'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(join(bin, 'swarm'), 0o755);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, SWARM_SPAWN_IDLE_MS: '1500' };
    expect((await runCli(repo.dir, ['skills', 'install', '--claude', '--user'], env)).code).toBe(0);
    server = await startFakeServer(anthropicHandler((body) => {
      const history = JSON.stringify(body.messages);
      const step = (history.match(/"tool_result"/g) ?? []).length;
      return shepherdStep(history, step);
    }));
    const { stdout } = await run(binary, ['-p', 'run a swarm search on this repo', '--output-format', 'stream-json', '--verbose', '--max-turns', '20', '--allowedTools', 'Bash(swarm:*)'], {
      cwd: repo.dir,
      env: { ...env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const init = stdout.split('\n').find((line) => line.includes('"subtype":"init"')) ?? '{}';
    initSkills = z.object({ skills: z.array(z.string()) }).parse(JSON.parse(init)).skills;
  }, 240_000);
  afterAll(async () => {
    await server.close();
    for (let i = 0; i < 50; i++) {
      const status = await runCli(repo.dir, ['status', '--json']);
      if (status.code !== 0 || statusSchema.parse(JSON.parse(status.stdout)).run.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the swarm skills in its init event', () => {
    for (const name of ['swarm-shepherd', 'swarm-explorer', 'swarm-optimizer', 'swarm-reviewer']) expect(initSkills).toContain(name);
  });

  it('its spawns, merge and optimizer are in the store with edges and scores as if swarm run had planned them', async () => {
    const calls = server.requests.map((r) => messagesBody(r)).filter((b) => b !== null).length;
    expect(calls).toBeGreaterThanOrEqual(9);
    const status = statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout));
    const baseline = status.baseline?.id ?? '';
    const searchers = status.attempts.filter((a) => a.role !== 'baseline');
    expect(searchers.map((a) => [a.role, a.operator])).toEqual([['explorer', 'explore'], ['explorer', 'explore'], ['explorer', 'merge'], ['optimizer', 'deepen']]);
    const [first, second, merge, optimizer] = searchers;
    expect(first?.parents).toEqual([baseline]);
    expect(merge?.parents).toEqual([first?.id, second?.id]);
    expect(searchers.every((a) => a.status === 'scored' && a.score !== null)).toBe(true);
    // The optimizer went to the leader the model read from status --json after the merge.
    const leaders = status.attempts.filter((a) => a.id !== optimizer?.id && a.status === 'scored').sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    expect(optimizer?.parents).toEqual([leaders[0]?.id]);
  });
});
