import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, graph, show, status as runStatus, type RunSearchResult, type StatusReport } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/** What `swarm run`, `status` and `show` print of such a run: test/cli/commands/run-end-to-end.test.ts. */
describe('swarm run end to end with the local agent (through the API)', () => {
  let repo: ToyRepo;
  let run: RunSearchResult;
  let progress: string[];
  let status: StatusReport;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 8 }, shepherd: { mergeEvery: 2 } });
    ({ result: run, lines: progress } = await runApi(repo.dir));
    status = await runStatus({ cwd: repo.dir });
  }, 300_000);
  afterAll(() => repo.cleanup());

  it('finishes without a problem, says the local agent runs, and reports the result', () => {
    expect(progress.join('\n')).toContain('agent: local (offline mutator');
    expect(run).toMatchObject({ runId: 'r1', status: 'finished', problem: null, resumed: false });
    expect(run.stopReason).toMatch(/attempt budget of 8 reached/);
    expect(run.best?.id).toBe(status.best?.id);
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
    const exported = async (format: 'json' | 'dot' | 'mermaid'): Promise<string> => {
      const { output } = await graph({ cwd: repo.dir, format });
      expect(typeof output).toBe('string');
      return output.toString();
    };
    const json = JSON.parse(await exported('json')) as { nodes: unknown[]; bestLineage: string[] };
    expect(json.nodes).toHaveLength(status.attempts.length);
    expect(json.bestLineage).toContain(status.best?.id);
    const dot = await exported('dot');
    expect(dot).toMatch(/^digraph/);
    for (const a of status.attempts) expect(dot).toContain(`"${a.id}"`);
    expect(await exported('mermaid')).toMatch(/^flowchart TD/);
    const detail = await show({ cwd: repo.dir, attemptId: 'a2' });
    expect(detail.attempt).toMatchObject({ id: 'a2', role: 'explorer' });
    expect(detail.branch).toBe('swarm/r1/a2');
  });

  it('shows agents the parents and other good attempts in their prompt', async () => {
    const later = status.attempts.filter((a) => a.wave >= 2);
    expect(later.length).toBeGreaterThan(0);
    const prompts = await Promise.all(later.map(async (a) => (await show({ cwd: repo.dir, attemptId: a.id })).prompt ?? ''));
    expect(prompts.every((p) => p.includes('# Parents'))).toBe(true);
    expect(prompts.some((p) => p.includes('# Other attempts worth knowing'))).toBe(true);
  });

  it('restores an attempt as a worktree with checkout', async () => {
    const best = status.best?.id ?? 'a2';
    const restored = await checkout({ cwd: repo.dir, attemptId: best, dir: join(repo.dir, 'restored') });
    expect(restored.branch).toBe(`swarm/r1/${best}`);
    expect(existsSync(join(repo.dir, 'restored', 'prog.js'))).toBe(true);
    expect(existsSync(join(repo.dir, 'restored', 'findings.md'))).toBe(true);
  });

  it('starts a new run only when asked, since this one finished', async () => {
    const { result } = await runApi(repo.dir, { overrides: { attempts: 2 } });
    expect(result).toMatchObject({ runId: 'r2', resumed: false, status: 'finished' });
  });

  it('never reuses a run number whose branches exist, even after .swarm/ was deleted', async () => {
    rmSync(join(repo.dir, '.swarm'), { recursive: true, force: true });
    const before = repo.git('rev-parse', 'swarm/r1/a2');
    const { result } = await runApi(repo.dir, { overrides: { attempts: 1 } });
    expect(result).toMatchObject({ runId: 'r3', status: 'finished' });
    expect(repo.git('rev-parse', 'swarm/r1/a2')).toBe(before);
  });
});
