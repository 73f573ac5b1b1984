import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

const PHASES = ['prepare', 'agent', 'commit', 'evaluate', 'record'];

describe('status while a run works: in flight, --watch; show --diff after it', () => {
  let repo: ToyRepo;
  let run: CliResult;
  let watch: CliResult;
  let inFlight: string[] = [];
  let final: StatusReport;

  beforeAll(async () => {
    // A slow evaluator (set in the config, so it reaches the evaluator as a user would set it) keeps attempts in flight.
    repo = createToyRepo({ budget: { attempts: 6 }, evaluator: { env: { TOY_EVAL_DELAY_MS: '1500' } } });
    const running = startCli(repo.dir, ['run']);
    const watching = (async () => {
      // The watcher may start before the run has created its database; retry until it can read it.
      for (;;) {
        const result = await runCli(repo.dir, ['status', '--watch', '--interval', '0.2']);
        if (result.code === 0 || (await Promise.race([running.done.then(() => true), sleep(50).then(() => false)]))) return result;
        await sleep(200);
      }
    })();
    for (let i = 0; i < 600 && inFlight.length === 0; i += 1) {
      const status = await runCli(repo.dir, ['status']);
      const lines = status.stdout.split('\n');
      const start = lines.findIndex((line) => /^in flight \(\d+\)$/.test(line));
      if (start >= 0) inFlight = lines.slice(start, lines.indexOf('', start));
      else await sleep(100);
    }
    run = await running.done;
    watch = await watching;
    final = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;
  }, 180_000);
  afterAll(() => repo.cleanup());

  it('lists the attempts in flight with role, parents, phase and elapsed time', () => {
    expect(run.code).toBe(0);
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

  it('names the score column for the metric', async () => {
    const text = (await runCli(repo.dir, ['status'])).stdout;
    expect(text).toMatch(/ status +score +time +hypothesis/);
    expect(text).not.toContain('in flight');
  });

  it('show --diff prints the attempt\'s own diff, without findings.md', async () => {
    const changed = final.attempts.find((a) => a.role !== 'baseline' && a.status === 'scored' && !a.flags.includes('no-change'));
    expect(changed).toBeDefined();
    const id = changed?.id ?? '';
    const out = await runCli(repo.dir, ['show', id, '--diff']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`^# attempt ${id}: [0-9a-f]{12}\\.\\.[0-9a-f]{12} \\(findings\\.md left out\\)\n`));
    expect(out.stdout).toContain('diff --git a/prog.js b/prog.js');
    expect(out.stdout).toMatch(/^-const [ab] = /m);
    expect(out.stdout).toMatch(/^\+const [ab] = /m);
    expect(out.stdout).not.toContain('findings.md b/findings.md');
    const stat = repo.git('diff', '--stat', `swarm/r1/${id}~1`, `swarm/r1/${id}`);
    expect(stat).toContain('findings.md');
    const missing = await runCli(repo.dir, ['show', 'a999', '--diff']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no attempt a999');
  });
});
