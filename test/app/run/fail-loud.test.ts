import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codexConfigToml } from '../../support/fake-llm/openai-responses.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const repoWith = (config: Record<string, unknown> = {}, files: Record<string, string> = {}): ToyRepo => {
  const repo = createToyRepo(config, files);
  cleanups.push(repo.cleanup);
  return repo;
};

const emptyDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

// No credential of any backend reaches the CLI, whatever the developer's shell holds.
const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: '',
  CLAUDE_CODE_USE_BEDROCK: '', CLAUDE_CODE_USE_VERTEX: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CODEX_API_KEY: '',
};

/** A port nothing listens on: bound once, then released. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

const dbOf = (repo: ToyRepo): string => join(repo.dir, '.swarm', 'swarm.db');

const attemptsOf = (repo: ToyRepo): Array<{ id: string; status: string; error: string | null }> => {
  const db = new Database(dbOf(repo), { readonly: true });
  try {
    return z.array(z.object({ id: z.string(), status: z.string(), error: z.string().nullable() }))
      .parse(db.prepare("SELECT id, status, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
  } finally {
    db.close();
  }
};

// An agent CLI that cannot reach its model: every attempt fails with the same error.
const FAILING_AGENT = { backend: 'command', command: { argv: ['sh', '-c', 'echo "agent: the model endpoint refused the key" >&2; exit 3'] } };

describe('preflight: swarm run refuses an agent that cannot work, before anything is recorded', () => {
  it('claude-code without a login or a key exits 2 naming /login and ANTHROPIC_API_KEY', async () => {
    const repo = repoWith();
    const run = await runCli(repo.dir, ['run', '--agent', 'claude-code'], { ...NO_KEYS, HOME: emptyDir('swarm-home-') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agent claude-code cannot work: Claude Code is not logged in');
    expect(run.stderr).toContain('/login');
    expect(run.stderr).toContain('ANTHROPIC_API_KEY');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('codex with an empty HOME and CODEX_HOME exits 2 naming `codex login`', async () => {
    const repo = repoWith();
    const home = emptyDir('swarm-home-');
    const run = await runCli(repo.dir, ['run', '--agent', 'codex'], { ...NO_KEYS, HOME: home, CODEX_HOME: emptyDir('swarm-codex-home-') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agent codex cannot work: Codex is not logged in');
    expect(run.stderr).toContain('codex login');
    expect(run.stderr).toContain('CODEX_API_KEY');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('codex with only OPENAI_API_KEY set says codex exec does not read it', async () => {
    const repo = repoWith();
    const run = await runCli(repo.dir, ['run', '--agent', 'codex'], { ...NO_KEYS, OPENAI_API_KEY: 'sk-not-printed', HOME: emptyDir('swarm-home-'), CODEX_HOME: emptyDir('swarm-codex-home-') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('codex exec does not read OPENAI_API_KEY');
    expect(run.stderr).toContain('codex login --with-api-key');
    expect(run.stderr).not.toContain('sk-not-printed');
  });

  it('codex whose model provider\'s base_url does not answer exits 2 naming config.toml', async () => {
    const repo = repoWith();
    const codexHome = emptyDir('swarm-codex-home-');
    const url = `http://127.0.0.1:${await closedPort()}`;
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(url));
    const run = await runCli(repo.dir, ['run', '--agent', 'codex'], { ...NO_KEYS, HOME: emptyDir('swarm-home-'), CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${url}/v1 is unreachable (ECONNREFUSED)`);
    expect(run.stderr).toContain("codex's config.toml");
  });

  it('anthropic without ANTHROPIC_API_KEY exits 2 naming the variable', async () => {
    const repo = repoWith();
    const run = await runCli(repo.dir, ['run', '--agent', 'anthropic'], NO_KEYS);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('set the environment variable ANTHROPIC_API_KEY');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('openai without a key or a base URL exits 2 naming OPENAI_API_KEY', async () => {
    const repo = repoWith();
    const run = await runCli(repo.dir, ['run', '--agent', 'openai'], NO_KEYS);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('OPENAI_API_KEY');
  });

  it('openai at an unreachable --base-url exits 2 naming the URL and the flag', async () => {
    const repo = repoWith();
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const run = await runCli(repo.dir, ['run', '--agent', 'openai', '--base-url', url], NO_KEYS);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${url} is unreachable (ECONNREFUSED)`);
    expect(run.stderr).toContain('--base-url');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('the llm planning model without its key exits 2 naming it', async () => {
    const repo = repoWith({ shepherd: { policy: 'llm' } });
    const run = await runCli(repo.dir, ['run'], NO_KEYS);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ANTHROPIC_API_KEY');
  });

  it('the local agent in a repository without an EVOLVE-BLOCK exits 2 saying how to mark one', async () => {
    const repo = repoWith({}, { 'prog.js': 'const a = 1.0;\nconst b = 2.0;\nconsole.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) }));\n' });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agent local cannot work: no file in');
    expect(run.stderr).toContain('EVOLVE-BLOCK-START');
    expect(existsSync(dbOf(repo))).toBe(false);
  });
});

describe('runs whose agents fail end loudly', () => {
  it('the circuit breaker stops a wave run after 3 attempts failing alike: exit 1 and the shared reason', async () => {
    const repo = repoWith({ agent: FAILING_AGENT, budget: { attempts: 12 }, concurrency: { agents: 1 } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('failed: 3 attempts in a row (a2, a3, a4) failed with the same agent error: sh exited with code 3: agent: the model endpoint refused the key');
    expect(run.stderr).toContain('stopping: 3 attempts in a row');
    const attempts = attemptsOf(repo);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('the circuit breaker stops an async run too; the attempt still running finishes and is recorded', async () => {
    const repo = repoWith({ agent: FAILING_AGENT, budget: { attempts: 12 }, concurrency: { agents: 2 }, shepherd: { schedule: 'async' } });
    const run = await runCli(repo.dir, ['run', '--json']);
    expect(run.code).toBe(1);
    const result = z.object({ status: z.string(), stopReason: z.string(), attempts: z.object({ scored: z.number(), invalid: z.number(), failed: z.number(), interrupted: z.number() }) }).parse(JSON.parse(run.stdout));
    expect(result.status).toBe('failed');
    expect(result.stopReason).toContain('3 attempts in a row');
    const attempts = attemptsOf(repo);
    expect(attempts.length).toBeLessThan(12);
    expect(attempts.every((a) => a.status === 'failed' || a.status === 'interrupted')).toBe(true);
    expect(attempts.filter((a) => a.status === 'running')).toEqual([]);
    expect(result.attempts).toEqual({ scored: 0, invalid: 0, failed: attempts.filter((a) => a.status === 'failed').length, interrupted: attempts.filter((a) => a.status === 'interrupted').length });
  });

  it('a run with no scored attempt beyond the baseline exits 1 and says so; --json counts the outcomes', async () => {
    const repo = repoWith({ agent: { ...FAILING_AGENT, maxConsecutiveFailures: 0 }, budget: { attempts: 3 }, concurrency: { agents: 1 } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('attempts: 0 scored, 0 invalid, 3 failed');
    expect(run.stdout).toContain('problem: no attempt beyond the baseline was scored (3 failed, 0 invalid)');
    const json = await runCli(repo.dir, ['run', '--new', '--json']);
    expect(json.code).toBe(1);
    const result = z.object({ status: z.string(), attempts: z.object({ scored: z.number(), invalid: z.number(), failed: z.number() }), problem: z.string().nullable() }).parse(JSON.parse(json.stdout));
    expect(result.status).toBe('finished');
    expect(result.attempts).toMatchObject({ scored: 0, invalid: 0, failed: 3 });
    expect(result.problem).toContain('no attempt beyond the baseline was scored');
  });

  it('a run with scored attempts exits 0 and --json counts them', async () => {
    const repo = repoWith({ budget: { attempts: 3 } });
    const run = await runCli(repo.dir, ['run', '--json']);
    expect(run.code).toBe(0);
    const result = z.object({ attempts: z.object({ scored: z.number(), invalid: z.number(), failed: z.number() }), problem: z.null() }).parse(JSON.parse(run.stdout));
    expect(result.attempts.scored + result.attempts.invalid + result.attempts.failed).toBe(3);
    expect(result.attempts.scored).toBeGreaterThan(0);
  });
});
