import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

describe('swarm run end to end with the local agent', () => {
  let repo: ToyRepo;
  let run: CliResult;
  let status: StatusReport;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 8 }, shepherd: { mergeEvery: 2 } });
    run = await runCli(repo.dir, ['run']);
    const statusRun = await runCli(repo.dir, ['status', '--json']);
    status = JSON.parse(statusRun.stdout) as StatusReport;
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('finishes with exit 0, says the local agent runs, and reports the result', () => {
    expect(run.stderr).toContain('agent: local (offline mutator');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/run r1 finished: attempt budget of 8 reached/);
  });

  it('records the baseline and exactly the attempt budget', () => {
    expect(status.baseline?.score).toBe(-13);
    const searchers = status.attempts.filter((a) => a.role !== 'baseline');
    expect(searchers).toHaveLength(8);
    expect(searchers.every((a) => a.status === 'scored' || a.status === 'invalid' || a.status === 'failed')).toBe(true);
    expect(status.run.attemptsUsed).toBe(8);
    expect(status.best?.score).toBeGreaterThanOrEqual(-13);
    expect(status.waves.length).toBeGreaterThanOrEqual(2);
    expect(new Set(status.attempts.map((a) => a.id)).size).toBe(status.attempts.length);
  });

  it('plans explorers first, then optimizers on leaders', () => {
    const wave1 = status.attempts.filter((a) => a.wave === 1);
    expect(wave1.every((a) => a.role === 'explorer' && a.parents[0] === status.baseline?.id)).toBe(true);
    expect(status.attempts.some((a) => a.role === 'optimizer')).toBe(true);
  });

  it('keeps a branch per attempt with trailers and a findings entry, and removes every worktree', () => {
    for (const attempt of status.attempts) {
      const branch = `swarm/r1/${attempt.id}`;
      const findings = repo.git('show', `${branch}:findings.md`);
      expect(findings).toContain(`- ${attempt.id} (`);
      if (attempt.role === 'baseline') continue;
      const log = repo.git('log', '--format=%B', '-n', '3', branch);
      expect(log).toContain(`Swarm-Attempt: ${attempt.id}`);
      expect(log).toContain(`Swarm-Parent: ${attempt.parents.join(', ')}`);
    }
    expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(readdirSync(join(repo.dir, '.swarm', 'worktrees'))).toEqual([]);
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.git('rev-parse', '--git-path', 'info/exclude').trim()).toBeTruthy();
    expect(existsSync(join(repo.dir, '.git', 'info', 'exclude'))).toBe(true);
  });

  it('records official and intermediate evaluations (optimizers call swarm eval)', () => {
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const kinds = db.prepare('SELECT kind, COUNT(*) AS n FROM evaluations GROUP BY kind').all() as Array<{ kind: string; n: number }>;
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
    // The baseline is evaluated twice with one seed: the noise check.
    expect(byKind.baseline).toBe(2);
    expect(byKind.official).toBeGreaterThanOrEqual(7);
    expect(byKind.intermediate).toBeGreaterThan(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('exports the graph in every format and shows an attempt', async () => {
    const json = JSON.parse((await runCli(repo.dir, ['graph', '--format', 'json'])).stdout) as { nodes: unknown[]; bestLineage: string[] };
    expect(json.nodes).toHaveLength(status.attempts.length);
    expect(json.bestLineage).toContain(status.best?.id);
    const dot = (await runCli(repo.dir, ['graph', '--format', 'dot'])).stdout;
    expect(dot).toMatch(/^digraph/);
    for (const a of status.attempts) expect(dot).toContain(`"${a.id}"`);
    const mermaid = (await runCli(repo.dir, ['graph', '-f', 'mermaid'])).stdout;
    expect(mermaid).toMatch(/^flowchart TD/);
    const show = await runCli(repo.dir, ['show', 'a2']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('a2');
    expect(show.stdout).toMatch(/explorer/);
    const human = await runCli(repo.dir, ['status']);
    expect(human.stdout).toContain(status.best?.id ?? '???');
  });

  it('shows agents the parents and other good attempts in their prompt', async () => {
    const later = status.attempts.filter((a) => a.wave >= 2);
    const prompts = await Promise.all(later.map(async (a) => (JSON.parse((await runCli(repo.dir, ['show', a.id, '--json'])).stdout) as { prompt: string }).prompt));
    expect(prompts.every((p) => p.includes('# Parents'))).toBe(true);
    expect(prompts.some((p) => p.includes('# Other attempts worth knowing'))).toBe(true);
  });

  it('restores an attempt as a worktree with swarm checkout', async () => {
    const best = status.best?.id ?? 'a2';
    const result = await runCli(repo.dir, ['checkout', best, 'restored', '--json']);
    expect(result.code).toBe(0);
    expect(existsSync(join(repo.dir, 'restored', 'prog.js'))).toBe(true);
    expect(existsSync(join(repo.dir, 'restored', 'findings.md'))).toBe(true);
  });

  it('starts a new run only when asked, since this one finished', async () => {
    const again = await runCli(repo.dir, ['run', '--attempts', '2', '--json']);
    expect(again.code).toBe(0);
    const result = JSON.parse(again.stdout) as { runId: string; resumed: boolean };
    expect(result).toMatchObject({ runId: 'r2', resumed: false });
  });

  it('never reuses a run number whose branches exist, even after .swarm/ was deleted', async () => {
    rmSync(join(repo.dir, '.swarm'), { recursive: true, force: true });
    const before = repo.git('rev-parse', 'swarm/r1/a2');
    const fresh = await runCli(repo.dir, ['run', '--attempts', '1', '--json']);
    expect(fresh.code).toBe(0);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ runId: 'r3' });
    expect(repo.git('rev-parse', 'swarm/r1/a2')).toBe(before);
  });
});
