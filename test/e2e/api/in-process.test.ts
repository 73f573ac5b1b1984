import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { graph, isSwarmError, runSearch, show, status } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'uncaughtException', 'unhandledRejection', 'exit', 'beforeExit', 'warning'] as const;

/** What an in-process call could leave behind in the host process. */
const processState = () => ({
  listeners: Object.fromEntries(EVENTS.map((event) => [event, process.listenerCount(event)])),
  cwd: process.cwd(),
  consoleWarn: console.warn,
  exitCode: process.exitCode,
});

const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)) : [];

/** Lock-like files a run could leave: evaluation slots, GPU locks, the spawn driver's file, git's *.lock. */
const leftLocks = (repo: string): string[] =>
  [...filesUnder(join(repo, '.swarm')), ...filesUnder(join(repo, '.git'))]
    .map((file) => relative(repo, file))
    .filter((file) => /(^|\/)(eval-slots|gpu-locks)\/|spawn-driver\.json$|\.lock$/.test(file));

const repos: ToyRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

describe('the programmatic API, called in-process', () => {
  it('runs a search and leaves no signal or crash handler, cwd, console.warn or lock behind', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    repos.push(repo);
    const before = processState();
    const lines: string[] = [];
    const result = await runSearch({ cwd: repo.dir, report: (line) => lines.push(line) });
    expect(result.status).toBe('finished');
    expect(result.attempts.scored).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith(`run ${result.runId} started`))).toBe(true);
    expect(processState()).toEqual(before);
    expect(leftLocks(repo.dir)).toEqual([]);
    const report = await status({ cwd: repo.dir });
    expect(report.run.id).toBe(result.runId);
    // The run is released: finished, and not a run whose driver is gone.
    expect(report.run.status).toBe('finished');
    expect(report.run.stale ?? null).toBeNull();
  });

  it('leaves nothing behind when the run fails at its baseline, and when the config is unusable', async () => {
    const failing = createToyRepo({ evaluator: { command: 'node -e "process.exit(3)"' } });
    const broken = createToyRepo({ agent: { backend: 'command', command: { argv: [] } } });
    repos.push(failing, broken);
    const before = processState();
    const result = await runSearch({ cwd: failing.dir });
    expect(result.status).toBe('failed');
    expect(result.stopReason).toContain('baseline evaluation failed');
    const error: unknown = await runSearch({ cwd: broken.dir }).then(() => null, (thrown: unknown) => thrown);
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
    expect(processState()).toEqual(before);
    expect(leftLocks(failing.dir)).toEqual([]);
  });

  it('answers show and graph for the run it drove', async () => {
    const repo = createToyRepo({ budget: { attempts: 2 }, shepherd: { initialExplorers: 2, waveSize: 2 } });
    repos.push(repo);
    const result = await runSearch({ cwd: repo.dir });
    const detail = await show({ cwd: repo.dir, attemptId: result.baseline.id });
    expect(detail.attempt.role).toBe('baseline');
    const { output } = await graph({ cwd: repo.dir, format: 'json' });
    expect(typeof output === 'string' && JSON.parse(output)).toMatchObject({ nodes: expect.arrayContaining([expect.objectContaining({ id: result.baseline.id })]) });
  });
});
