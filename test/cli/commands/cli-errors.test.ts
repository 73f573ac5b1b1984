import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const toy = (config: Record<string, unknown> = {}): ToyRepo => {
  const repo = createToyRepo(config);
  repos.push(repo);
  return repo;
};

describe('usage and configuration errors exit 2 with a message naming the problem and the fix', () => {
  it('outside a git repository', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-nogit-'));
    dirs.push(dir);
    const result = await runCli(dir, ['run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not a git repository; run `git init`/);
  });

  it('without a config file', async () => {
    const repo = toy();
    repo.git('rm', '-q', '.swarmrc.json');
    repo.git('commit', '-q', '-m', 'no config');
    const result = await runCli(repo.dir, ['run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no \.swarmrc\.json .*swarm init/);
  });

  it('lists every config problem at once as dot-paths, and records nothing', async () => {
    const repo = toy();
    writeFileSync(join(repo.dir, '.swarmrc.json'), JSON.stringify({ evaluator: { command: 'node evaluate.js', timeout: 'soon' }, concurrency: { agents: 0 }, budget: { atempts: 3 } }));
    const result = await runCli(repo.dir, ['run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('evaluator.timeout: expected a duration');
    expect(result.stderr).toContain('concurrency.agents');
    expect(result.stderr).toMatch(/budget\.atempts: unknown key \(did you mean "attempts"\?\)/);
    const status = await runCli(repo.dir, ['status']);
    expect(status.code).toBe(2);
    expect(status.stderr).toMatch(/no swarm database .*swarm run/);
  });

  it('rejects bad flags and unknown commands', async () => {
    const repo = toy();
    const zero = await runCli(repo.dir, ['run', '--attempts', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/budget.attempts \(from --attempts\): expected an integer >= 1, got 0/);
    const agent = await runCli(repo.dir, ['run', '--agent', 'gpt']);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toMatch(/agent\.backend \(from --agent\)/);
    const unknown = await runCli(repo.dir, ['frobnicate']);
    expect(unknown.code).toBe(2);
    const format = await runCli(repo.dir, ['graph', '--format', 'pdf']);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/expected one of json, dot, mermaid, svg, png, html, got "pdf"/);
  });

  it('names an unknown attempt', async () => {
    const repo = toy({ budget: { attempts: 1 } });
    expect((await runApi(repo.dir)).result.status).toBe('finished');
    const result = await runCli(repo.dir, ['show', 'a99']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no attempt a99/);
  }, 60_000);
});

describe('a run that ends with a problem exits 1', () => {
  it('prints why when the baseline cannot be evaluated (what got recorded: test/app/run/recorded-failures.test.ts)', async () => {
    const repo = toy({ evaluator: { command: 'echo "not json"; exit 3' } });
    const result = await runCli(repo.dir, ['run']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/baseline evaluation failed: evaluator exited with code 3/);
  }, 60_000);

  it('prints the problem when nothing beyond the baseline was scored', async () => {
    const repo = toy({ evaluator: { protect: ['prog.js'] }, budget: { attempts: 3 } });
    const result = await runCli(repo.dir, ['run']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('problem: no attempt beyond the baseline was scored (0 failed, 3 invalid)');
  }, 60_000);
});

describe('swarm init and swarm eval', () => {
  it('writes a starter config, prompt and evaluator, and keeps existing files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-init-'));
    dirs.push(dir);
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
    const first = await runCli(dir, ['init', '--evaluator', 'node', '--json']);
    expect(first.code).toBe(0);
    const written = (JSON.parse(first.stdout) as { written: string[] }).written.map((p) => p.slice(dir.length + 1)).sort();
    expect(written).toEqual(['.swarm/schema.json', '.swarmrc.json', 'evaluate.mjs', 'prompt.md']);
    const second = await runCli(dir, ['init', '--evaluator', 'node']);
    expect(second.stdout).toContain('kept');
  });

  it('scores the current checkout and exits 1 for an invalid program', async () => {
    const repo = toy();
    const good = await runCli(repo.dir, ['eval', '--json']);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ valid: true, score: -13, metric: 'score', direction: 'maximize', feedback: 'value -13' });
    writeFileSync(join(repo.dir, 'prog.js'), 'throw new Error("broken")');
    const bad = await runCli(repo.dir, ['eval']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/invalid: evaluator exited with code 1/);
  });
});
