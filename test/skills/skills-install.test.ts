import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findBinary } from '../../src/agents/cli-common/resolve-binary.js';
import { startFakeServer, type FakeServer } from '../support/fake-llm/http-server.js';
import { anthropicHandler } from '../support/fake-llm/anthropic-messages.js';
import { codexConfigToml, responsesBody, responsesHandler } from '../support/fake-llm/openai-responses.js';
import { CLI } from '../support/toy-repo.js';

const run = promisify(execFile);
const initEvent = z.object({ type: z.literal('system'), subtype: z.literal('init'), skills: z.array(z.string()) });
const SKILLS = ['swarm-explorer', 'swarm-optimizer', 'swarm-reviewer', 'swarm-shepherd'];

describe('swarm skills install / uninstall', () => {
  let dir = '';
  let home = '';
  let project = '';
  let server: FakeServer | null = null;
  const swarm = (...args: string[]): string =>
    execFileSync(process.execPath, [CLI, ...args], { cwd: project, env: { ...process.env, HOME: home, CODEX_HOME: '' }, encoding: 'utf8' });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-skills-'));
    home = join(dir, 'home');
    project = join(dir, 'project');
    mkdirSync(home);
    mkdirSync(project);
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: project });
  });
  afterEach(async () => {
    await server?.close();
    server = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every skill for both agents into the project, says so, and changes nothing the second time', () => {
    const first = swarm('skills', 'install');
    for (const name of SKILLS) {
      for (const folder of ['.claude/skills', '.agents/skills']) {
        const path = join(project, folder, name, 'SKILL.md');
        expect(first).toContain(`wrote ${path}`);
        expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`^---\\nname: ${name}\\ndescription: `));
      }
    }
    const second = swarm('skills', 'install', '--json');
    const files = z.object({ files: z.array(z.object({ action: z.string() })) }).parse(JSON.parse(second)).files;
    // Four skills for each agent, and Codex's rule.
    expect(files).toHaveLength(9);
    expect(files.every((f) => f.action === 'unchanged')).toBe(true);
  });

  it('installs into the user folders, dry runs write nothing, uninstall removes only its own files', () => {
    const dry = swarm('skills', 'install', '--user', '--codex', '--dry-run');
    expect(dry).toContain(`would write ${join(home, '.codex', 'skills', 'swarm-shepherd', 'SKILL.md')}`);
    expect(existsSync(join(home, '.codex'))).toBe(false);
    swarm('skills', 'install', '--user');
    expect(existsSync(join(home, '.claude', 'skills', 'swarm-shepherd', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(home, '.codex', 'skills', 'swarm-optimizer', 'SKILL.md'))).toBe(true);
    mkdirSync(join(home, '.claude', 'skills', 'mine'));
    const out = swarm('skills', 'uninstall', '--user', '--claude');
    expect(out).toContain(`removed ${join(home, '.claude', 'skills', 'swarm-shepherd', 'SKILL.md')}`);
    expect(existsSync(join(home, '.claude', 'skills', 'swarm-shepherd'))).toBe(false);
    expect(existsSync(join(home, '.claude', 'skills', 'mine'))).toBe(true);
    expect(existsSync(join(home, '.codex', 'skills', 'swarm-shepherd', 'SKILL.md'))).toBe(true);
  });

  it('every skill declares the swarm commands it runs as allowed tools, for Claude Code\'s default permissions', () => {
    swarm('skills', 'install', '--claude');
    for (const name of SKILLS) {
      const text = readFileSync(join(project, '.claude/skills', name, 'SKILL.md'), 'utf8');
      expect(text.split('\n---\n')[0]).toContain('\nallowed-tools: Bash(swarm:*)');
    }
  });

  it('--codex writes a rule the real codex loads: swarm commands allowed outside the sandbox, nothing else; uninstall removes it', async () => {
    const binary = findBinary('codex');
    if (binary === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');
    const projectRule = join(project, '.codex', 'rules', 'swarm.rules');
    expect(swarm('skills', 'install', '--codex')).toContain(`wrote ${projectRule}`);
    const codexHome = join(dir, 'codex-home');
    execFileSync(process.execPath, [CLI, 'skills', 'install', '--codex', '--user'], { cwd: project, env: { ...process.env, HOME: home, CODEX_HOME: codexHome } });
    const userRule = join(codexHome, 'rules', 'swarm.rules');
    expect(readFileSync(userRule, 'utf8')).toBe(readFileSync(projectRule, 'utf8'));
    const decision = async (...command: string[]): Promise<unknown> => {
      // Codex validates the rule's match / not_match examples when it loads the file.
      const { stdout } = await run(binary, ['execpolicy', 'check', '--rules', userRule, ...command], { env: { PATH: process.env.PATH ?? '', HOME: home, CODEX_HOME: codexHome } });
      return z.object({ decision: z.string().optional() }).parse(JSON.parse(stdout)).decision ?? 'no rule';
    };
    expect(await decision('swarm', 'spawn', '--baseline', '--role', 'explorer', '--json')).toBe('allow');
    expect(await decision('swarm', 'wait', '--all', '--timeout', '100s')).toBe('allow');
    expect(await decision('rm', '-rf', '/')).toBe('no rule');
    expect(await decision('npx', 'swarm', 'status')).toBe('no rule');
    expect(swarm('skills', 'uninstall', '--codex')).toContain(`removed ${projectRule}`);
    expect(existsSync(join(project, '.codex', 'rules'))).toBe(false);
  });

  it('swarm init --skills installs them into a new project', () => {
    const out = swarm('init', '--skills');
    expect(out).toContain(join(project, '.claude', 'skills', 'swarm-shepherd', 'SKILL.md'));
    expect(existsSync(join(project, '.agents', 'skills', 'swarm-explorer', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(project, '.swarmrc.json'))).toBe(true);
  });

  it('the real claude lists the installed project skills in its init event (and not before)', async () => {
    const binary = findBinary('claude');
    if (binary === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');
    server = await startFakeServer(anthropicHandler(() => ({ kind: 'text', text: 'ok' })));
    const url = server.url;
    const initSkills = async (): Promise<string[]> => {
      const { stdout } = await run(binary, ['-p', 'hello', '--output-format', 'stream-json', '--verbose', '--max-turns', '1'], {
        cwd: project,
        env: { PATH: process.env.PATH ?? '', HOME: home, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
      });
      const line = stdout.split('\n').find((l) => l.includes('"subtype":"init"')) ?? '{}';
      return initEvent.parse(JSON.parse(line)).skills;
    };
    expect(await initSkills()).not.toContain('swarm-shepherd');
    swarm('skills', 'install', '--claude');
    const listed = await initSkills();
    for (const name of SKILLS) expect(listed).toContain(name);
  });

  const codexSeesSkills = async (codexHome: string): Promise<string> => {
    const binary = findBinary('codex');
    if (binary === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');
    server = await startFakeServer(responsesHandler(() => ({ kind: 'message', text: 'ok' })));
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    const exec = run(binary, ['exec', '--json', '--skip-git-repo-check', '--sandbox', 'read-only', 'hello'], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' },
    });
    exec.child.stdin?.end(); // codex exec reads more prompt from an open stdin
    await exec;
    const seen = JSON.stringify(server.requests.map((r) => responsesBody(r)).filter((b) => b !== null));
    await server.close();
    server = null;
    return seen;
  };

  it('the real codex offers the installed project skills (.agents/skills) and user skills ($CODEX_HOME/skills) to its model', async () => {
    const codexHome = join(dir, 'codex-home');
    expect(await codexSeesSkills(codexHome)).not.toContain('swarm-shepherd');
    swarm('skills', 'install', '--codex');
    const projectSeen = await codexSeesSkills(codexHome);
    // Codex lists each skill as `- <name>: <description>` under a table of skill roots.
    expect(projectSeen).toContain(`= \`${join(project, '.agents', 'skills')}\``);
    for (const name of SKILLS) expect(projectSeen).toContain(`- ${name}: `);
    swarm('skills', 'uninstall', '--codex');
    execFileSync(process.execPath, [CLI, 'skills', 'install', '--codex', '--user'], { cwd: project, env: { ...process.env, HOME: home, CODEX_HOME: codexHome } });
    const userSeen = await codexSeesSkills(codexHome);
    expect(userSeen).not.toContain(join(project, '.agents', 'skills'));
    for (const name of SKILLS) expect(userSeen).toContain(`- ${name}: `);
  });
});
