import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { findOrphans } from '../../../src/process/find-orphans.js';
import { mountTmpfs } from '../../support/tmpfs.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

/**
 * A full disk met by a real run: the repository on a small tmpfs (root only; skipped otherwise).
 * Every case ends in one line naming the file system, exit 1, the database intact, no attempt
 * left running, the run resumable; a resume once space is freed finishes the run.
 */
const tmpfs = mountTmpfs('swarm-full', '30m');

/** A toy repository on the tmpfs whose evaluator prints `bytes` of output per run. */
const repoOnTmpfs = (bytes: number, budget: number, counter: string): ToyRepo => {
  const evaluator = `const line = 'x'.repeat(1023) + '\\n';
for (let i = 0; i < ${Math.floor(bytes / 1024)}; i++) process.stdout.write(line);
require('node:fs').appendFileSync(${JSON.stringify(counter)}, 'x');
const out = JSON.parse(require('node:child_process').execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value }));
`;
  return tmpfs.asTmpdir(() => createToyRepo({ budget: { attempts: budget }, evaluator: { timeout: '60s' } }, { 'evaluate.js': evaluator }));
};

const ONE_LINE = /^swarm: the file system at \S+ is full \((ENOSPC|SQLITE_FULL)[^)]*\) writing .*; the run is kept as it was: free space there, then `swarm run` resumes where it stopped$/;

const lastLine = (stderr: string): string => stderr.trim().split('\n').at(-1) ?? '';

const status = async (repo: ToyRepo): Promise<StatusReport> => JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;

const integrity = (repo: ToyRepo): unknown => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
};

const timedOut = (repo: ToyRepo): number => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT COUNT(*) AS n FROM evaluations WHERE timed_out = 1').get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
};

const expectStoppedCleanly = async (repo: ToyRepo, result: { code: number | null; stdout: string; stderr: string }): Promise<void> => {
  expect(result.stdout).toBe('');
  expect(result.code).toBe(1);
  expect(lastLine(result.stderr)).toMatch(ONE_LINE);
  expect(result.stderr).not.toMatch(/a bug|\n\s+at .*:\d+:\d+|PromiseRejection|Unhandled/);
  expect(await findOrphans(null, repo.dir)).toEqual([]);
};

describe.skipIf(!tmpfs.mounted)('a full disk during a run', () => {
  const counter = join(mkdtempSync(join(tmpdir(), 'swarm-count-')), 'evaluations');
  beforeAll(() => writeFileSync(counter, ''));
  afterAll(() => tmpfs.unmount());

  it('filled by the evaluator output and the store: one line, attempts interrupted, a resume finishes', async () => {
    tmpfs.remount('size=30m');
    const repo = repoOnTmpfs(3 * 1024 * 1024, 12, counter);
    const stopped = await runCli(repo.dir, ['run']);
    await expectStoppedCleanly(repo, stopped);
    expect(integrity(repo)).toBe('ok');
    // Not the evaluator's timeout: the capture that failed stopped it at once.
    expect(timedOut(repo)).toBe(0);
    const after = await status(repo);
    expect(after.run.status).toBe('interrupted');
    expect(after.run.stale ?? null).toBeNull();
    expect(after.attempts.filter((a) => a.status === 'running')).toEqual([]);
    expect(after.attempts.filter((a) => a.status === 'failed')).toEqual([]);
    tmpfs.remount('size=400m');
    const resumed = await runCli(repo.dir, ['run']);
    expect(resumed.code).toBe(0);
    expect((await status(repo)).run.status).toBe('finished');
    expect(integrity(repo)).toBe('ok');
    repo.cleanup();
  }, 400_000);

  it('full before the run starts: one line, nothing claimed; once space is freed the run finishes', async () => {
    tmpfs.remount('size=30m');
    const repo = repoOnTmpfs(1024, 3, counter);
    tmpfs.fill();
    const stopped = await runCli(repo.dir, ['run']);
    await expectStoppedCleanly(repo, stopped);
    tmpfs.unfill();
    const resumed = await runCli(repo.dir, ['run']);
    expect(resumed.code).toBe(0);
    expect((await status(repo)).run.status).toBe('finished');
    expect(readFileSync(join(repo.dir, '.git', 'info', 'exclude'), 'utf8')).toContain('.swarm/');
    repo.cleanup();
  }, 200_000);
});
