import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinary } from '../../src/agents/cli-common/resolve-binary.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../support/fake-llm/openai-chat.js';
import { codexConfigToml, responsesBody, responsesHandler } from '../support/fake-llm/openai-responses.js';
import { createToyRepo, runCli, type ToyRepo } from '../support/toy-repo.js';
import { assertDriverAgentsWorked, driverAgentScript } from './driver-model.js';
import { CODEX_FIRST_STEPS, SHEPHERD_STEPS, SKILL_HEADING, toolOutputs, assertShepherdRun, waitForDriverExit, writeSwarmOnPath } from './shepherd-script.js';

const run = promisify(execFile);

/**
 * The real codex as the Shepherd under its defaults: `codex exec` with no sandbox, approval or
 * config flags, in a project trusted in config.toml, so the default `workspace-write` sandbox
 * applies (untrusted, `codex exec` would run read-only and skip the project's rules). It reads the installed
 * swarm-shepherd skill and runs the verbs; the driver `swarm spawn` starts runs the `openai`
 * backend against a second fake model on loopback. Codex's sandbox refuses both a child process
 * and a loopback connection (EPERM), so only the rule `swarm skills install --codex` wrote into
 * the trusted project's .codex/rules lets the search happen.
 */
describe('the real codex as the Shepherd under its default sandbox and approvals', () => {
  let repo: ToyRepo;
  let dir = '';
  let shepherd: FakeServer;
  let driverModel: FakeServer;
  let events = '';
  let outputs: Array<{ cmd: string; output: string }> = [];
  let firstRequest = '';

  beforeAll(async () => {
    const binary = findBinary('codex');
    if (binary === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');
    driverModel = await startFakeOpenAi(driverAgentScript());
    repo = createToyRepo({ budget: { attempts: 4 }, agent: { backend: 'openai', model: 'fake-model', baseUrl: `${driverModel.url}/v1` } });
    dir = mkdtempSync(join(tmpdir(), 'swarm-codex-shepherd-'));
    const home = join(dir, 'home');
    const codexHome = join(dir, 'codex-home');
    const bin = join(dir, 'bin');
    // Codex refuses to create its sandbox helper (codex-linux-sandbox) under the temp dir, so with
    // CODEX_HOME below /tmp every sandboxed command would fail; a user's ~/.codex is not there.
    const tmp = join(dir, 'tmp');
    for (const folder of [home, codexHome, bin, tmp]) mkdirSync(folder);
    writeSwarmOnPath(bin);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, CODEX_HOME: codexHome, TMPDIR: tmp, SWARM_SPAWN_IDLE_MS: '1500' };
    // The default scope: the skills under .agents/skills and the rule in .codex/rules of the project.
    const installed = await runCli(repo.dir, ['skills', 'install', '--codex'], env);
    expect(installed.code).toBe(0);
    expect(installed.stderr).toContain('Codex reads .codex/rules/swarm.rules only in a project you trusted');
    shepherd = await startFakeServer(responsesHandler((body) => {
      const history = JSON.stringify(body.input);
      const step = (history.match(/"function_call_output"/g) ?? []).length;
      const cmd = [...CODEX_FIRST_STEPS, ...SHEPHERD_STEPS(history)][step];
      return cmd === undefined ? { kind: 'message', text: 'The search used its budget.' } : { kind: 'function_call', name: 'exec_command', arguments: { cmd, login: false, yield_time_ms: 30000 } };
    }));
    // The project trusted, as Codex's first-run question does: its .codex/ layer (the rule) loads.
    writeFileSync(join(codexHome, 'config.toml'), `${codexConfigToml(shepherd.url)}\n[projects."${realpathSync(repo.dir)}"]\ntrust_level = "trusted"\n`);
    const exec = run(binary, ['exec', '--json', 'run a swarm search on this repo'], {
      cwd: repo.dir,
      env: { ...env, FAKE_OPENAI_KEY: 'sk-fake-test' },
      maxBuffer: 64 * 1024 * 1024,
    });
    exec.child.stdin?.end(); // codex exec reads more prompt from an open stdin
    events = (await exec).stdout;
    const bodies = shepherd.requests.map((r) => responsesBody(r)).filter((b) => b !== null);
    firstRequest = JSON.stringify(bodies[0] ?? {});
    outputs = toolOutputs(bodies.at(-1)?.input ?? []);
  }, 240_000);
  afterAll(async () => {
    await shepherd.close();
    await driverModel.close();
    await waitForDriverExit(repo.dir);
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers the swarm skills to its model, which reads the Shepherd skill inside the sandbox', () => {
    for (const name of ['swarm-shepherd', 'swarm-explorer', 'swarm-optimizer', 'swarm-reviewer']) expect(firstRequest).toContain(`- ${name}: `);
    expect(outputs[0]?.output).toContain(SKILL_HEADING);
  });

  it('its sandbox is the default one and refuses a child process and a loopback connection', () => {
    expect(/sandbox_mode[\\":]+([a-z-]+)/.exec(firstRequest)?.[1]).toBe('workspace-write');
    expect(outputs[1]?.output).toContain('spawn EPERM');
    expect(outputs[1]?.output).toContain('connect EPERM');
  });

  it('runs the swarm verbs outside its sandbox through the installed rule, and the store holds the search', async () => {
    const verbs = outputs.filter((o) => o.cmd.startsWith('swarm '));
    expect(verbs.map((o) => o.cmd.split(' ')[1])).toEqual(['spawn', 'spawn', 'wait', 'spawn', 'wait', 'status', 'spawn', 'wait']);
    for (const verb of verbs) expect(verb.output).toMatch(/Process exited with code 0/);
    for (const verb of verbs) expect(verb.output).not.toMatch(/Operation not permitted|EPERM/);
    expect(events).toContain('The search used its budget.');
    await assertShepherdRun(repo.dir);
  });

  it('the driver it started ran the openai backend against the second fake model over loopback', async () => {
    await assertDriverAgentsWorked(repo.dir, driverModel.requests);
  });
});
