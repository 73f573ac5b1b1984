import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findBinary } from '../../src/agents/cli-common/resolve-binary.js';
import { anthropicHandler, messagesBody } from '../support/fake-llm/anthropic-messages.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { createToyRepo, runCli, type ToyRepo } from '../support/toy-repo.js';
import { SHEPHERD_STEPS, assertShepherdRun, waitForDriverExit, writeSwarmOnPath } from './shepherd-script.js';

const run = promisify(execFile);

describe('the real claude as the Shepherd, driving swarm through the installed skills (--allowedTools given)', () => {
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
    writeSwarmOnPath(bin);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, SWARM_SPAWN_IDLE_MS: '1500' };
    expect((await runCli(repo.dir, ['skills', 'install', '--claude', '--user'], env)).code).toBe(0);
    server = await startFakeServer(anthropicHandler((body) => {
      const history = JSON.stringify(body.messages);
      const step = (history.match(/"tool_result"/g) ?? []).length;
      const command = SHEPHERD_STEPS(history)[step];
      return command === undefined
        ? { kind: 'text', text: 'The search used its budget; the best attempt is in swarm status.' }
        : { kind: 'tool_use', name: 'Bash', input: { command, description: 'swarm' } };
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
    await waitForDriverExit(repo.dir);
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the swarm skills in its init event', () => {
    for (const name of ['swarm-shepherd', 'swarm-explorer', 'swarm-optimizer', 'swarm-reviewer']) expect(initSkills).toContain(name);
  });

  it('its spawns, merge and optimizer are in the store with edges and scores as if swarm run had planned them', async () => {
    const calls = server.requests.map((r) => messagesBody(r)).filter((b) => b !== null).length;
    expect(calls).toBeGreaterThanOrEqual(9);
    await assertShepherdRun(repo.dir);
  });
});

/**
 * The same search under Claude Code's defaults: no --allowedTools, no permission mode. The user
 * invokes the swarm-shepherd skill (its frontmatter allows `Bash(swarm:*)`), and the model runs the
 * verbs; a swarm command that needed an approval would be refused in `claude -p`.
 */
describe('the real claude as the Shepherd under its default permissions', () => {
  let repo: ToyRepo;
  let dir = '';
  let server: FakeServer;
  let stdout = '';

  beforeAll(async () => {
    const binary = findBinary('claude');
    if (binary === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');
    repo = createToyRepo({ budget: { attempts: 4 } });
    dir = mkdtempSync(join(tmpdir(), 'swarm-shepherd-default-'));
    const home = join(dir, 'home');
    const bin = join(dir, 'bin');
    mkdirSync(home);
    mkdirSync(bin);
    writeSwarmOnPath(bin);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, SWARM_SPAWN_IDLE_MS: '1500' };
    expect((await runCli(repo.dir, ['skills', 'install', '--claude', '--project'], env)).code).toBe(0);
    server = await startFakeServer(anthropicHandler((body) => {
      const history = JSON.stringify(body.messages);
      const step = (history.match(/"tool_result"/g) ?? []).length;
      const command = SHEPHERD_STEPS(history)[step];
      return command === undefined
        ? { kind: 'text', text: 'The search used its budget; the best attempt is in swarm status.' }
        : { kind: 'tool_use', name: 'Bash', input: { command, description: 'swarm' } };
    }));
    // The user invokes the skill (`/swarm-shepherd …`, as in an interactive session): its allowed tools apply.
    ({ stdout } = await run(binary, ['-p', '/swarm-shepherd run a swarm search on this repo', '--output-format', 'stream-json', '--verbose', '--max-turns', '20'], {
      cwd: repo.dir,
      env: { ...env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }));
  }, 240_000);
  afterAll(async () => {
    await server.close();
    await waitForDriverExit(repo.dir);
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every swarm verb without a permission denial, and the store holds the search', async () => {
    const result = z.object({ permission_denials: z.array(z.unknown()).default([]) }).parse(JSON.parse(stdout.split('\n').filter((line) => line.includes('"type":"result"')).at(-1) ?? '{}'));
    expect(result.permission_denials).toEqual([]);
    await assertShepherdRun(repo.dir);
  });
});
