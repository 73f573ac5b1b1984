import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentBackendNames,
  attemptDiff,
  dashboard,
  dashboardSnapshot,
  evaluateRepeated,
  findAgentBackend,
  installSkills,
  plot,
  runSearch,
  statusDigest,
  uninstallSkills,
  watchStatus,
  type RunSearchResult,
  type StatusReport,
} from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// What the CLI did by itself before it went through src/index.ts, called here in-process on a
// real run: each function of the API the CLI now renders.
let repo: ToyRepo;
let run: RunSearchResult;
beforeAll(async () => {
  repo = createToyRepo({ budget: { attempts: 3 } });
  run = await runSearch({ cwd: repo.dir });
}, 180_000);
afterAll(() => repo.cleanup());

const collect = async (reports: AsyncIterable<StatusReport>): Promise<StatusReport[]> => {
  const all: StatusReport[] = [];
  for await (const report of reports) all.push(report);
  return all;
};

describe('the API the CLI is a face of', () => {
  it('watches a run: a finished run gives one report and the watch ends', async () => {
    expect(run.status).toBe('finished');
    const reports = await collect(watchStatus({ cwd: repo.dir, intervalMs: 10, signal: new AbortController().signal }));
    expect(reports.map((r) => [r.run.id, r.run.status])).toEqual([[run.runId, 'finished']]);
  });

  it('gives the status digest, an attempt diff and a plot of the run', async () => {
    const digest = await statusDigest({ cwd: repo.dir, threshold: 1 });
    expect(digest.run.id).toBe(run.runId);
    expect(Object.values(digest.counts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    const best = run.best?.id ?? run.baseline.id;
    const diff = await attemptDiff({ cwd: repo.dir, attemptId: best });
    expect(diff.id).toBe(best);
    const svg = await plot({ cwd: repo.dir, format: 'svg' });
    expect(typeof svg === 'string' && svg.includes('<svg')).toBe(true);
  });

  it('serves the dashboard until closed, and writes its snapshot', async () => {
    const snapshot = await dashboardSnapshot({ cwd: repo.dir });
    expect(snapshot.runId).toBe(run.runId);
    expect(snapshot.html).toContain('<html');
    const served = await dashboard({ cwd: repo.dir, port: 0 });
    try {
      expect(served.runId).toBe(run.runId);
      const response = await fetch(served.url);
      expect(response.status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('installs and uninstalls the skills into the project, a dry run changing nothing', async () => {
    const options = { agents: ['claude' as const], scope: 'project' as const, projectDir: repo.dir, env: { HOME: repo.dir } };
    const dry = await installSkills({ ...options, dryRun: true });
    expect(dry.length).toBeGreaterThan(0);
    expect(dry.every((change) => change.action === 'wrote' && !existsSync(change.path))).toBe(true);
    const written = await installSkills({ ...options, dryRun: false });
    expect(written.every((change) => existsSync(change.path))).toBe(true);
    expect(written[0]?.path.startsWith(join(repo.dir, '.claude'))).toBe(true);
    const removed = await uninstallSkills({ ...options, dryRun: false });
    expect(removed.filter((change) => change.action === 'removed').length).toBe(written.length);
    expect(written.some((change) => existsSync(change.path))).toBe(false);
  });

  it('evaluates the checkout repeatedly: each seed, and the first once more', async () => {
    const repeated = await evaluateRepeated({ cwd: repo.dir, times: 2, signal: new AbortController().signal });
    expect(repeated.runs).toHaveLength(3);
    expect(repeated.runs[2]?.seed).toBe(repeated.runs[0]?.seed);
    expect(repeated.deterministic).toBe(true);
  });

  it('names the backends in registry order and finds their descriptors', async () => {
    const names = await agentBackendNames();
    expect(names).toContain('local');
    expect((await findAgentBackend('local'))?.capabilities.offline).toBe(true);
    expect(await findAgentBackend('no-backend-will-ever-be-named-this')).toBeNull();
  });
});
