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
 * Where the rule lives. A project's .codex/rules load only once the project is trusted (then
 * `codex exec` runs `workspace-write`); an untrusted project runs `read-only` and needs the rule in
 * the user layer.
 */
const SETUPS = [
  { name: 'a trusted project, skills and rule installed into it', scope: [] as string[], trusted: true, sandbox: 'workspace-write' },
  { name: 'an untrusted project, skills and rule installed for the user', scope: ['--user'], trusted: false, sandbox: 'read-only' },
];

/**
 * The real codex as the Shepherd under its defaults: `codex exec` with no sandbox, approval or
 * config flag. It reads the installed swarm-shepherd skill and runs the verbs; the driver
 * `swarm spawn` starts runs the `openai` backend against a second fake model on loopback. Codex's
 * sandbox refuses both a child process and a loopback connection (EPERM; a control command shows
 * it), so only the rule `swarm skills install --codex` wrote lets the search happen.
 */
describe.each(SETUPS)('the real codex as the Shepherd under its default sandbox and approvals: $name', ({ scope, trusted, sandbox }) => {
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
    // The default scope puts the skills under .agents/skills and the rule in .codex/rules of the project.
    const installed = await runCli(repo.dir, ['skills', 'install', '--codex', ...scope], env);
    expect(installed.code).toBe(0);
    expect(installed.stderr.includes('Codex reads .codex/rules/swarm.rules only in a project you trusted')).toBe(scope.length === 0);
    const skillFile = scope.length === 0 ? '.agents/skills/swarm-shepherd/SKILL.md' : join(codexHome, 'skills', 'swarm-shepherd', 'SKILL.md');
    shepherd = await startFakeServer(responsesHandler((body) => {
      const history = JSON.stringify(body.input);
      const step = (history.match(/"function_call_output"/g) ?? []).length;
      const cmd = [...CODEX_FIRST_STEPS(skillFile), ...SHEPHERD_STEPS(history)][step];
      return cmd === undefined ? { kind: 'message', text: 'The search used its budget.' } : { kind: 'function_call', name: 'exec_command', arguments: { cmd, login: false, yield_time_ms: 30000 } };
    }));
    // Trusted, as Codex's first-run question does: the project's .codex/ layer (its rule) loads.
    const trust = trusted ? `\n[projects."${realpathSync(repo.dir)}"]\ntrust_level = "trusted"\n` : '';
    writeFileSync(join(codexHome, 'config.toml'), `${codexConfigToml(shepherd.url)}${trust}`);
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
    expect(/sandbox_mode[\\":]+([a-z-]+)/.exec(firstRequest)?.[1]).toBe(sandbox);
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
