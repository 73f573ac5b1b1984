import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findBinary } from '../../src/agents/cli-common/resolve-binary.js';
import { startFakeAnthropic } from '../support/fake-llm/anthropic-json.js';
import { anthropicHandler, messagesBody } from '../support/fake-llm/anthropic-messages.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { createToyRepo, runCli, type ToyRepo } from '../support/toy-repo.js';
import { assertDriverAgentsWorked, driverAgentScript } from './driver-model.js';
import { SHEPHERD_STEPS, SKILL_HEADING, assertShepherdRun, waitForDriverExit, writeSwarmOnPath } from './shepherd-script.js';

const run = promisify(execFile);

/**
 * How the swarm-shepherd skill starts. The user typing `/swarm-shepherd …` needs no permission;
 * the model choosing the Skill tool itself does under Claude Code's defaults (2.1.332: "Execute
 * skill: swarm-shepherd. The user can add the allow rule Skill(swarm-shepherd) …", refused in
 * `claude -p`), so that case runs with the one allow rule docs/skills.md tells users to add.
 */
const STARTS = [
  { name: 'the user invokes /swarm-shepherd; no settings at all', prompt: '/swarm-shepherd run a swarm search on this repo', skillCall: false, settings: null },
  { name: 'the model invokes the skill, allowed by Skill(swarm-shepherd) alone', prompt: 'run a swarm search on this repo', skillCall: true, settings: { permissions: { allow: ['Skill(swarm-shepherd)'] } } },
];

/**
 * The real claude as the Shepherd under Claude Code's defaults: `claude -p` with no
 * --allowedTools and no permission mode. The installed swarm-shepherd skill's frontmatter allows
 * `Bash(swarm:*)`; a verb that needed an approval would be refused in `claude -p`. The driver
 * `swarm spawn` starts runs the `anthropic` backend against a second fake model on loopback,
 * apart from the Shepherd's. (Claude Code's own sandbox is off by default.)
 */
describe.each(STARTS)('the real claude as the Shepherd under its default permissions: $name', ({ prompt, skillCall, settings }) => {
  let repo: ToyRepo;
  let dir = '';
  let shepherd: FakeServer;
  let driverModel: FakeServer;
  let stdout = '';
  let initSkills: string[] = [];

  beforeAll(async () => {
    const binary = findBinary('claude');
    if (binary === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');
    driverModel = await startFakeAnthropic(driverAgentScript());
    repo = createToyRepo({ budget: { attempts: 4 }, agent: { backend: 'anthropic', model: 'fake-model', baseUrl: driverModel.url } });
    dir = mkdtempSync(join(tmpdir(), 'swarm-shepherd-'));
    const home = join(dir, 'home');
    const bin = join(dir, 'bin');
    mkdirSync(home);
    mkdirSync(bin);
    writeSwarmOnPath(bin);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, SWARM_SPAWN_IDLE_MS: '1500' };
    expect((await runCli(repo.dir, ['skills', 'install', '--claude'], env)).code).toBe(0);
    if (settings !== null) writeFileSync(join(repo.dir, '.claude', 'settings.local.json'), JSON.stringify(settings));
    const first = skillCall ? 1 : 0;
    shepherd = await startFakeServer(anthropicHandler((body) => {
      const history = JSON.stringify(body.messages);
      const step = (history.match(/"tool_result"/g) ?? []).length;
      // The model invokes the skill its tool list offers, then follows it.
      if (step < first) return { kind: 'tool_use', name: 'Skill', input: { skill: 'swarm-shepherd' } };
      const command = SHEPHERD_STEPS(history)[step - first];
      return command === undefined
        ? { kind: 'text', text: 'The search used its budget; the best attempt is in swarm status.' }
        : { kind: 'tool_use', name: 'Bash', input: { command, description: 'swarm' } };
    }));
    ({ stdout } = await run(binary, ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--max-turns', '20'], {
      cwd: repo.dir,
      env: { ...env, ANTHROPIC_BASE_URL: shepherd.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }));
    const init = stdout.split('\n').find((line) => line.includes('"subtype":"init"')) ?? '{}';
    initSkills = z.object({ skills: z.array(z.string()) }).parse(JSON.parse(init)).skills;
  }, 240_000);
  afterAll(async () => {
    await shepherd.close();
    await driverModel.close();
    await waitForDriverExit(repo.dir);
    repo.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the swarm skills in its init event, and its model loads the Shepherd skill', () => {
    for (const name of ['swarm-shepherd', 'swarm-explorer', 'swarm-optimizer', 'swarm-reviewer']) expect(initSkills).toContain(name);
    const bodies = shepherd.requests.map((r) => messagesBody(r)).filter((b) => b !== null);
    expect(JSON.stringify(bodies[skillCall ? 1 : 0]?.messages ?? [])).toContain(SKILL_HEADING);
  });

  it('runs every swarm verb without a permission denial, and the store holds the search', async () => {
    const result = z.object({ permission_denials: z.array(z.unknown()).default([]) }).parse(JSON.parse(stdout.split('\n').filter((line) => line.includes('"type":"result"')).at(-1) ?? '{}'));
    expect(result.permission_denials).toEqual([]);
    await assertShepherdRun(repo.dir);
  });

  it('the driver it started ran the anthropic backend against the second fake model over loopback', async () => {
    await assertDriverAgentsWorked(repo.dir, driverModel.requests);
  });
});
