import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSearch, status as getStatus, type RunSearchResult, type StatusReport } from '../../../src/index.js';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

const PHASES = ['prepare', 'agent', 'commit', 'evaluate', 'record'];

// What `swarm status` (in flight, --watch on a pipe) and `swarm show --diff` print; what they read is test/app/queries/status-watch-e2e.test.ts.
describe('swarm status while a run works, and show --diff after it, on the command line', () => {
  let repo: ToyRepo;
  let result: RunSearchResult;
  let watch: CliResult;
  let inFlight: string[] = [];
  let final: StatusReport;

  beforeAll(async () => {
    // A slow evaluator keeps attempts in flight; the run is driven in this process.
    repo = createToyRepo({ budget: { attempts: 6 }, evaluator: { env: { TOY_EVAL_DELAY_MS: '1500' } } });
    const run = runSearch({ cwd: repo.dir });
    let ended = false;
    void run.finally(() => (ended = true)).catch(() => undefined);
    try {
      for (let i = 0; i < 600 && !ended && (await getStatus({ cwd: repo.dir }).then((r) => r.run.status !== 'running', () => true)); i++) await sleep(50);
      const watching = startCli(repo.dir, ['status', '--watch', '--interval', '0.2']).done;
      for (let i = 0; i < 600 && inFlight.length === 0 && !ended; i += 1) {
        const lines = (await runCli(repo.dir, ['status'])).stdout.split('\n');
        const start = lines.findIndex((line) => /^in flight \(\d+\)$/.test(line));
        if (start >= 0) inFlight = lines.slice(start, lines.indexOf('', start));
        else await sleep(100);
      }
      watch = await watching;
    } finally {
      result = await run;
    }
    final = await getStatus({ cwd: repo.dir });
  }, 180_000);
  afterAll(() => repo.cleanup());

  it('lists the attempts in flight with role, parents, phase and elapsed time', () => {
    expect(result.status).toBe('finished');
    expect(inFlight.length).toBeGreaterThanOrEqual(3);
    const count = Number(/\((\d+)\)/.exec(inFlight[0] ?? '')?.[1]);
    expect(inFlight).toHaveLength(count + 2);
    expect(inFlight[1]).toMatch(/^ {4}attempt +role +parents +phase +elapsed$/);
    for (const line of inFlight.slice(2)) {
      const [id, role, parents, phase, elapsed] = line.trim().split(/ +/);
      const attempt = final.attempts.find((a) => a.id === id);
      expect(attempt?.role).toBe(role);
      expect(attempt?.parents.join(',') || '—').toBe(parents);
      expect(PHASES).toContain(phase);
      expect(elapsed).toMatch(/^\d+(ms|\.\ds|m\d\ds)$/);
    }
  });

  it('--watch on a pipe prints plain lines as the run moves and ends by itself when the run ends', () => {
    expect(watch.code).toBe(0);
    const lines = watch.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(watch.stdout).not.toContain('\u001b[');
    expect(lines.some((line) => /· in flight: a\d+ (prepare|agent|commit|evaluate|record)/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^wave \d+ · 0 running · 6\/6 attempts · best /);
  });

  it('names the score column for the metric, and shows no in-flight section once the run ended', async () => {
    const text = (await runCli(repo.dir, ['status'])).stdout;
    expect(text).toMatch(/ status +score +time +hypothesis/);
    expect(text).not.toContain('in flight');
  });

  it('show --diff prints a header line and the attempt\'s own diff; an unknown attempt exits 2', async () => {
    const changed = final.attempts.find((a) => a.role !== 'baseline' && a.status === 'scored' && !a.flags.includes('no-change'));
    const id = changed?.id ?? '';
    const out = await runCli(repo.dir, ['show', id, '--diff']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`^# attempt ${id}: [0-9a-f]{12}\\.\\.[0-9a-f]{12} \\(findings\\.md left out\\)\n`));
    expect(out.stdout).toContain('diff --git a/prog.js b/prog.js');
    expect(out.stdout).not.toContain('findings.md b/findings.md');
    const missing = await runCli(repo.dir, ['show', 'a999', '--diff']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no attempt a999');
  });
});
