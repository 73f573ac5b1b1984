import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { runApi, thrownBy } from '../../support/api-run.js';
import { codexConfigToml } from '../../support/fake-llm/openai-responses.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

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

// No credential of any backend reaches the run, whatever the developer's shell holds. CLAUDE_CONFIG_DIR
// is unset rather than empty: `claude auth status` would take '' as the current directory (the test's own).
const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: undefined,
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

/**
 * The refusal `swarm run` would print before exit 2: a SwarmError whose code the CLI maps to 2
 * (test/cli/commands/run-exit-codes.test.ts holds the CLI's side).
 */
const refusal = async (repo: ToyRepo, options: Parameters<typeof runApi>[1], env: Record<string, string | undefined>): Promise<string> => {
  const error = await thrownBy(runApi(repo.dir, options, env));
  if (!isSwarmError(error)) throw new Error(`expected a SwarmError, got ${String(error)}`);
  expect(exitCodeFor(error)).toBe(2);
  return error.message;
};

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

describe('preflight: a run refuses an agent that cannot work, before anything is recorded', () => {
  it('claude-code without a login or a key is refused (exit 2) naming /login and ANTHROPIC_API_KEY', async () => {
    const repo = repoWith();
    const message = await refusal(repo, { overrides: { agent: 'claude-code' } }, { ...NO_KEYS, HOME: emptyDir('swarm-home-') });
    expect(message).toContain('agent claude-code cannot work: Claude Code is not logged in');
    expect(message).toContain('/login');
    expect(message).toContain('ANTHROPIC_API_KEY');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('codex with an empty HOME and CODEX_HOME is refused (exit 2) naming `codex login`', async () => {
    const repo = repoWith();
    const home = emptyDir('swarm-home-');
    const message = await refusal(repo, { overrides: { agent: 'codex' } }, { ...NO_KEYS, HOME: home, CODEX_HOME: emptyDir('swarm-codex-home-') });
    expect(message).toContain('agent codex cannot work: Codex is not logged in');
    expect(message).toContain('codex login');
    expect(message).toContain('CODEX_API_KEY');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('codex with only OPENAI_API_KEY set says codex exec does not read it', async () => {
    const repo = repoWith();
    const message = await refusal(repo, { overrides: { agent: 'codex' } }, { ...NO_KEYS, OPENAI_API_KEY: 'sk-not-printed', HOME: emptyDir('swarm-home-'), CODEX_HOME: emptyDir('swarm-codex-home-') });
    expect(message).toContain('codex exec does not read OPENAI_API_KEY');
    expect(message).toContain('codex login --with-api-key');
    expect(message).not.toContain('sk-not-printed');
  });

  it('codex whose model provider\'s base_url does not answer is refused (exit 2) naming config.toml', async () => {
    const repo = repoWith();
    const codexHome = emptyDir('swarm-codex-home-');
    const url = `http://127.0.0.1:${await closedPort()}`;
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(url));
    const message = await refusal(repo, { overrides: { agent: 'codex' } }, { ...NO_KEYS, HOME: emptyDir('swarm-home-'), CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake' });
    expect(message).toContain(`${url}/v1 is unreachable (ECONNREFUSED)`);
    expect(message).toContain("codex's config.toml");
  });

  it('anthropic without ANTHROPIC_API_KEY is refused (exit 2) naming the variable', async () => {
    const repo = repoWith();
    const message = await refusal(repo, { overrides: { agent: 'anthropic' } }, NO_KEYS);
    expect(message).toContain('set the environment variable ANTHROPIC_API_KEY');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('openai without a key or a base URL is refused (exit 2) naming OPENAI_API_KEY', async () => {
    const repo = repoWith();
    const message = await refusal(repo, { overrides: { agent: 'openai' } }, NO_KEYS);
    expect(message).toContain('OPENAI_API_KEY');
  });

  it('openai at an unreachable --base-url is refused (exit 2) naming the URL and the flag', async () => {
    const repo = repoWith();
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const message = await refusal(repo, { overrides: { agent: 'openai', baseUrl: url } }, NO_KEYS);
    expect(message).toContain(`${url} is unreachable (ECONNREFUSED)`);
    expect(message).toContain('--base-url');
    expect(existsSync(dbOf(repo))).toBe(false);
  });

  it('the llm planning model without its key is refused (exit 2) naming it', async () => {
    const repo = repoWith({ shepherd: { policy: 'llm' } });
    const message = await refusal(repo, {}, NO_KEYS);
    expect(message).toContain('ANTHROPIC_API_KEY');
  });

  it('the local agent in a repository without an EVOLVE-BLOCK is refused (exit 2) saying how to mark one', async () => {
    const repo = repoWith({}, { 'prog.js': 'const a = 1.0;\nconst b = 2.0;\nconsole.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) }));\n' });
    const message = await refusal(repo, {}, {});
    expect(message).toContain('agent local cannot work: no file in');
    expect(message).toContain('EVOLVE-BLOCK-START');
    expect(existsSync(dbOf(repo))).toBe(false);
  });
});

describe('runs whose agents fail end loudly', () => {
  it('the circuit breaker stops a wave run after 3 attempts failing alike: the run failed (exit 1) with the shared reason', async () => {
    const repo = repoWith({ agent: FAILING_AGENT, budget: { attempts: 12 }, concurrency: { agents: 1 } });
    const { result, lines } = await runApi(repo.dir);
    expect(result.status).toBe('failed');
    expect(result.stopReason).toContain('3 attempts in a row (a2, a3, a4) failed with the same agent error: sh exited with code 3: agent: the model endpoint refused the key');
    expect(lines.some((line) => line.includes('stopping: 3 attempts in a row'))).toBe(true);
    const attempts = attemptsOf(repo);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('the circuit breaker stops an async run too; the attempt still running finishes and is recorded', async () => {
    const repo = repoWith({ agent: FAILING_AGENT, budget: { attempts: 12 }, concurrency: { agents: 2 }, shepherd: { schedule: 'async' } });
    const { result } = await runApi(repo.dir);
    expect(result.status).toBe('failed');
    expect(result.stopReason).toContain('3 attempts in a row');
    const attempts = attemptsOf(repo);
    expect(attempts.length).toBeLessThan(12);
    expect(attempts.every((a) => a.status === 'failed' || a.status === 'interrupted')).toBe(true);
    expect(attempts.filter((a) => a.status === 'running')).toEqual([]);
    expect(result.attempts).toEqual({ scored: 0, invalid: 0, failed: attempts.filter((a) => a.status === 'failed').length, interrupted: attempts.filter((a) => a.status === 'interrupted').length });
  });

  it('a run with no scored attempt beyond the baseline finishes with a problem (exit 1) and counts the outcomes', async () => {
    const repo = repoWith({ agent: { ...FAILING_AGENT, maxConsecutiveFailures: 0 }, budget: { attempts: 3 }, concurrency: { agents: 1 } });
    const { result } = await runApi(repo.dir);
    expect(result.status).toBe('finished');
    expect(result.attempts).toMatchObject({ scored: 0, invalid: 0, failed: 3 });
    expect(result.problem).toContain('no attempt beyond the baseline was scored (3 failed, 0 invalid)');
    const { result: again } = await runApi(repo.dir, { newRun: true });
    expect(again.runId).not.toBe(result.runId);
    expect(again.status).toBe('finished');
    expect(again.attempts).toMatchObject({ scored: 0, invalid: 0, failed: 3 });
    expect(again.problem).toContain('no attempt beyond the baseline was scored');
  });

  it('a run with scored attempts finishes without a problem (exit 0) and counts them', async () => {
    const repo = repoWith({ budget: { attempts: 3 } });
    const { result } = await runApi(repo.dir);
    expect(result.status).toBe('finished');
    expect(result.problem).toBeNull();
    expect(result.attempts.scored + result.attempts.invalid + result.attempts.failed).toBe(3);
    expect(result.attempts.scored).toBeGreaterThan(0);
  });
});
