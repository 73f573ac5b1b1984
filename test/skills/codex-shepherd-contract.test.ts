import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../../src/agents/cli-common/resolve-binary.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { codexConfigToml, responsesBody, responsesHandler } from '../support/fake-llm/openai-responses.js';
import { createToyRepo, runCli, type ToyRepo } from '../support/toy-repo.js';
import { SHEPHERD_STEPS, assertShepherdRun, waitForDriverExit, writeSwarmOnPath } from './shepherd-script.js';

const run = promisify(execFile);

describe('the real codex as the Shepherd, driving swarm through the installed skills (sandbox bypassed)', () => {
  let repo: ToyRepo;
  let dir = '';
  let server: FakeServer;
  let firstRequest = '';

  beforeAll(async () => {
    const binary = findBinary('codex');
    if (binary === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');
    repo = createToyRepo({ budget: { attempts: 4 } });
    dir = mkdtempSync(join(tmpdir(), 'swarm-codex-shepherd-'));
    const home = join(dir, 'home');
    const codexHome = join(dir, 'codex-home');
    const bin = join(dir, 'bin');
    for (const folder of [home, codexHome, bin]) mkdirSync(folder);
    writeSwarmOnPath(bin);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, CODEX_HOME: codexHome, SWARM_SPAWN_IDLE_MS: '1500' };
    expect((await runCli(repo.dir, ['skills', 'install', '--codex', '--user'], env)).code).toBe(0);
    server = await startFakeServer(responsesHandler((body) => {
      const history = JSON.stringify(body.input);
      const step = (history.match(/"function_call_output"/g) ?? []).length;
      const cmd = SHEPHERD_STEPS(history)[step];
      return cmd === undefined ? { kind: 'message', text: 'The search used its budget.' } : { kind: 'function_call', name: 'exec_command', arguments: { cmd, login: false, yield_time_ms: 30000 } };
    }));
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    const exec = run(binary, ['exec', '--json', '--dangerously-bypass-approvals-and-sandbox', 'run a swarm search on this repo'], {
      cwd: repo.dir,
      env: { ...env, FAKE_OPENAI_KEY: 'sk-fake-test' },
      maxBuffer: 64 * 1024 * 1024,
    });
    exec.child.stdin?.end(); // codex exec reads more prompt from an open stdin
    await exec;
    firstRequest = JSON.stringify(server.requests.map((r) => responsesBody(r)).find((b) => b !== null) ?? {});
  }, 240_000);
  afterAll(async () => {
    await server.close();
    await waitForDriverExit(repo.dir);
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers the swarm skills to its model', () => {
    for (const name of ['swarm-shepherd', 'swarm-explorer', 'swarm-optimizer', 'swarm-reviewer']) expect(firstRequest).toContain(`- ${name}: `);
  });

  it('its spawns, merge and optimizer are in the store with edges and scores as if swarm run had planned them', async () => {
    await assertShepherdRun(repo.dir);
  });
});

/**
 * The same search under Codex's defaults: no sandbox or approval flags. Its sandbox refuses what
 * `swarm spawn` does (a driver process, loopback connections); the rule `swarm skills install
 * --codex --user` wrote lets `swarm` commands run outside it, and nothing else.
 */
describe('the real codex as the Shepherd under its default sandbox and approvals', () => {
  let repo: ToyRepo;
  let dir = '';
  let server: FakeServer;
  let events = '';

  beforeAll(async () => {
    const binary = findBinary('codex');
    if (binary === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');
    repo = createToyRepo({ budget: { attempts: 4 } });
    dir = mkdtempSync(join(tmpdir(), 'swarm-codex-shepherd-default-'));
    const home = join(dir, 'home');
    const codexHome = join(dir, 'codex-home');
    const bin = join(dir, 'bin');
    for (const folder of [home, codexHome, bin]) mkdirSync(folder);
    writeSwarmOnPath(bin);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, CODEX_HOME: codexHome, SWARM_SPAWN_IDLE_MS: '1500' };
    expect((await runCli(repo.dir, ['skills', 'install', '--codex', '--user'], env)).code).toBe(0);
    server = await startFakeServer(responsesHandler((body) => {
      const history = JSON.stringify(body.input);
      const step = (history.match(/"function_call_output"/g) ?? []).length;
      const cmd = SHEPHERD_STEPS(history)[step];
      return cmd === undefined ? { kind: 'message', text: 'The search used its budget.' } : { kind: 'function_call', name: 'exec_command', arguments: { cmd, login: false, yield_time_ms: 30000 } };
    }));
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    const exec = run(binary, ['exec', '--json', 'run a swarm search on this repo'], {
      cwd: repo.dir,
      env: { ...env, FAKE_OPENAI_KEY: 'sk-fake-test' },
      maxBuffer: 64 * 1024 * 1024,
    });
    exec.child.stdin?.end(); // codex exec reads more prompt from an open stdin
    events = (await exec).stdout;
  }, 240_000);
  afterAll(async () => {
    await server.close();
    await waitForDriverExit(repo.dir);
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the swarm verbs outside its sandbox through the installed rule, and the store holds the search', async () => {
    expect(events).not.toMatch(/Operation not permitted|EPERM/);
    await assertShepherdRun(repo.dir);
  });
});
