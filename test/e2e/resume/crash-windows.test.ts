import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { evaluate, status as statusOf } from '../../../src/index.js';
import { findOrphans } from '../../../src/process/find-orphans.js';
import { isProcessAlive } from '../../../src/process/liveness.js';
import { runApi } from '../../support/api-run.js';
import { CLI, createToyRepo, runCli, startCli, stopOrphans, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const toyRepo = (config: Record<string, unknown>): ToyRepo => {
  const repo = createToyRepo(config);
  cleanups.push(() => repo.cleanup());
  return repo;
};

const dbOf = (repo: ToyRepo): string => join(repo.dir, '.swarm', 'swarm.db');

/** Reads the run database as `swarm status` would; undefined while it does not exist yet. */
const query = <T>(repo: ToyRepo, sql: string, ...params: unknown[]): T[] | undefined => {
  if (!existsSync(dbOf(repo))) return undefined;
  try {
    const db = new Database(dbOf(repo), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  } catch {
    return undefined; // mid-migration: poll again
  }
};

const until = async <T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not reached in time`);
};

/**
 * The driver is a `swarm run` process the test kills; what it left is read, and the run resumed,
 * through the API in this process (another process than the killed driver's).
 */
const status = (repo: ToyRepo, runId?: string) => statusOf({ cwd: repo.dir, ...(runId === undefined ? {} : { runId }) });

/** What `swarm status` prints of the run now. */
const statusText = async (repo: ToyRepo): Promise<string> => renderStatus(await status(repo), { color: false, now: Date.now(), width: 160 });

const killDriver = async (run: { child: ReturnType<typeof startCli>['child']; done: Promise<CliResult> }): Promise<void> => {
  run.child.kill('SIGKILL');
  await run.done;
};

describe('crash windows', () => {
  it('a kill between evaluation and record: the resumed run records the attempt without evaluating it again', async () => {
    const outside = tempDir('swarm-count-');
    const runs = join(outside, 'evaluations.log');
    const held = join(outside, 'held-git.pid');
    // A `git` that holds the first findings commit (one `git fast-import`) after the baseline's:
    // the driver is then between the evaluation and the record step, where the test kills it.
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const shimDir = join(outside, 'bin');
    execFileSync('mkdir', [shimDir]);
    writeFileSync(
      join(shimDir, 'git'),
      `#!/bin/sh\nif [ "$1" = fast-import ]; then n=$(( $(cat ${held}.count 2>/dev/null || echo 0) + 1 )); echo $n > ${held}.count; if [ $n -ge 2 ]; then echo $$ > ${held}; exec sleep 300; fi; fi\nexec ${realGit} "$@"\n`,
    );
    chmodSync(join(shimDir, 'git'), 0o755);
    const repo = toyRepo({
      budget: { attempts: 3 },
      concurrency: { agents: 1, evaluations: 1 },
      evaluator: { command: `echo "$SWARM_ATTEMPT_ID $SWARM_STAGE $SWARM_SEED" >> ${runs} && node evaluate.js` },
    });
    const first = startCli(repo.dir, ['run'], { PATH: `${shimDir}:${process.env.PATH ?? ''}` });
    const gitPid = Number(await until('the findings commit is reached', () => existsSync(held) && readFileSync(held, 'utf8').trim()));
    await killDriver(first);
    process.kill(gitPid, 'SIGKILL');
    await stopOrphans(repo.dir);

    const [attempt] = await until('the evaluated attempt', () => query<{ id: string; phase: string; status: string }>(repo, "SELECT id, phase, status FROM attempts WHERE phase = 'record' AND role != 'baseline'"));
    if (attempt === undefined) throw new Error('no attempt in the record phase');
    expect(attempt.status).toBe('running');
    const officialRows = query<{ score: number }>(repo, "SELECT score FROM evaluations WHERE attempt_id = ? AND kind = 'official'", attempt.id) ?? [];
    expect(officialRows).toHaveLength(1);
    const evaluationsOf = (id: string): string[] => readFileSync(runs, 'utf8').split('\n').filter((line) => line.startsWith(`${id} `));
    const before = evaluationsOf(attempt.id);
    expect(before.length).toBeGreaterThan(0);

    const second = await runApi(repo.dir);
    expect(second.result).toMatchObject({ status: 'finished', problem: null, resumed: true });
    // Another attempt may have reached its (held) findings commit too before the kill: recorded alike.
    expect(second.lines.join('\n')).toMatch(new RegExp(`recorded \\d attempt\\(s\\) evaluated before the stop, without evaluating again: (a\\d+, )*${attempt.id}\\b`));
    // The evaluator never ran for it again; it is recorded with the score stored before the kill.
    expect(evaluationsOf(attempt.id)).toEqual(before);
    const after = await status(repo);
    const recorded = after.attempts.find((a) => a.id === attempt.id);
    expect(recorded?.status === 'scored' ? recorded.score : null).toBe(officialRows[0]?.score);
    expect(query(repo, "SELECT id FROM evaluations WHERE attempt_id = ? AND kind = 'official'", attempt.id)).toHaveLength(1);
    expect(repo.git('show', `swarm/r1/${attempt.id}:findings.md`)).toContain(attempt.id);
    expect(after.run.attemptsUsed).toBe(3);
  }, 120_000);

  it('a killed run then `--new`: no process of the old run survives and its attempt shows interrupted', async () => {
    const marker = join(tempDir('swarm-hang-'), 'hang');
    writeFileSync(marker, '');
    const repo = toyRepo({
      budget: { attempts: 3 },
      evaluator: { command: `node evaluate.js && if [ -f ${marker} ] && [ -f findings.md ]; then sleep 300; fi` },
    });
    const first = startCli(repo.dir, ['run']);
    const root = realpathSync(repo.dir);
    // Not the baseline: it has no findings.md yet, so its evaluation does not hang.
    const hung = await until('a hanging evaluator', () => query<{ id: string }>(repo, "SELECT id FROM attempts WHERE phase = 'evaluate' AND status = 'running' AND role != 'baseline'")?.[0]);
    const old = await until('children of the old run', async () => {
      const pids = await findOrphans('r1', root);
      return pids.length > 0 ? pids : undefined;
    });
    await killDriver(first);
    rmSync(marker);
    const killed = await status(repo, 'r1');
    expect(killed.run.stale?.ownerPid).toBe(first.child.pid);
    expect(killed.attempts.filter((a) => a.status === 'running')).toEqual([]);

    const second = await runApi(repo.dir, { newRun: true });
    expect(second.result).toMatchObject({ runId: 'r2', status: 'finished', problem: null });
    expect(second.lines.some((line) => line.startsWith('run r2 started'))).toBe(true);
    expect(second.lines.join('\n')).toMatch(new RegExp(`marked \\d+ attempt\\(s\\) of earlier runs interrupted: .*\\b${hung.id}\\b`));
    for (const pid of old) expect(await isProcessAlive(pid)).toBe(false);
    expect(await findOrphans('r1', root)).toEqual([]);
    const r1 = await status(repo, 'r1');
    expect(r1.attempts.find((a) => a.id === hung.id)?.status).toBe('interrupted');
    expect(r1.attempts.filter((a) => a.status === 'running')).toEqual([]);
    expect(repo.git('branch', '--list', `swarm/r1/${hung.id}`).trim()).toBe('');
  }, 120_000);

  it('clears a stale .git/packed-refs.lock on resume, with a line saying so', async () => {
    const repo = toyRepo({ budget: { attempts: 4 } });
    const first = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '300' });
    await until('attempts running', () => query<{ id: string }>(repo, "SELECT id FROM attempts WHERE role != 'baseline' AND status = 'running'")?.[0]);
    await killDriver(first);
    await stopOrphans(repo.dir);
    writeFileSync(join(repo.dir, '.git', 'packed-refs.lock'), '');
    writeFileSync(join(repo.dir, '.git', 'HEAD.lock'), '');

    const second = await runApi(repo.dir);
    const said = second.lines.join('\n');
    expect(said).toMatch(/cleared stale git lock files left by a killed process \(no git process was running\): .*\.git\/packed-refs\.lock/);
    expect(said).toContain('.git/HEAD.lock');
    expect(second.result).toMatchObject({ status: 'finished', problem: null });
    expect(existsSync(join(repo.dir, '.git', 'packed-refs.lock'))).toBe(false);
    expect((await status(repo)).run.status).toBe('finished');
  }, 120_000);

  it('`swarm run 2>&1 | head -2`: the driver outlives its closed pipe and records the run', async () => {
    const repo = toyRepo({ budget: { attempts: 3 } });
    const piped = spawn('bash', ['-c', `"${process.execPath}" "${CLI}" run 2>&1 | head -2; exit "\${PIPESTATUS[0]}"`], { cwd: repo.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let shown = '';
    piped.stdout.on('data', (d: Buffer) => (shown += d.toString()));
    const code = await new Promise<number | null>((resolve) => piped.on('close', (c) => resolve(c)));
    expect(shown.trim().split('\n')).toHaveLength(2);
    expect(code).toBe(0);
    const after = await status(repo);
    expect(after.run.status).toBe('finished');
    expect(after.run.attemptsUsed).toBe(3);
    expect(readFileSync(join(repo.dir, '.swarm', 'logs', 'swarm.log'), 'utf8')).not.toContain('swarm crashed');
  }, 120_000);

  it('a fatal error in the driver: a crash line in the log, its children killed, the run released for `swarm run`', async () => {
    const dir = tempDir('swarm-crash-');
    // Injected into the driver only (agents and `swarm eval` are other commands).
    const inject = join(dir, 'crash.mjs');
    writeFileSync(inject, "if (process.argv[2] === 'run') setTimeout(() => Promise.reject(new Error('injected fault')), Number(process.env.CRASH_AFTER_MS));\n");
    const repo = toyRepo({ budget: { attempts: 4 }, evaluator: { command: 'node evaluate.js && if [ -f findings.md ]; then sleep 300; fi' } });
    const crashed = await runCli(repo.dir, ['run'], { NODE_OPTIONS: `--import=${inject}`, CRASH_AFTER_MS: '4000' });
    expect(crashed.code).toBe(1);
    expect(crashed.stderr).toContain('swarm crashed (unhandled rejection): injected fault');
    const log = readFileSync(join(repo.dir, '.swarm', 'logs', 'swarm.log'), 'utf8');
    expect(log).toMatch(/"level":60.*swarm crashed \(unhandled rejection\): injected fault/);
    expect(await findOrphans('r1', realpathSync(repo.dir))).toEqual([]);
    const after = await status(repo);
    expect(after.run.status).toBe('interrupted');
    expect(after.run.stopReason).toContain('injected fault');
    expect(after.run.stale ?? null).toBeNull();
  }, 120_000);

  it('status of a killed driver shows the run stale with the command that recovers it', async () => {
    const repo = toyRepo({ budget: { attempts: 6 } });
    const first = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '300' });
    await until('attempts running', () => query<{ id: string }>(repo, "SELECT id FROM attempts WHERE role != 'baseline' AND status = 'running'")?.[0]);
    expect(await statusText(repo)).toMatch(/run r1 · running/);
    await killDriver(first);
    await stopOrphans(repo.dir);
    const text = await statusText(repo);
    expect(text).toContain(`run r1 · stale (driver pid ${first.child.pid} gone) — run \`swarm run\` to recover`);
    const json = await status(repo);
    expect(json.run.stale).toMatchObject({ ownerPid: first.child.pid, command: 'swarm run' });
    expect(json.counts.running).toBe(0);
    // The clock stopped: two looks a moment apart show the same durations.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await status(repo)).attempts.map((a) => a.durationMs)).toEqual(json.attempts.map((a) => a.durationMs));
  }, 120_000);
  it('`swarm eval` inside an attempt of a killed driver records nothing', async () => {
    // Every evaluation on an attempt's branch hangs, except the test's own (seed 99): the attempt
    // stays running with its worktree, before and after the kill.
    // Evaluation slots (concurrency.evaluations) bound `swarm eval` too: enough that the hung ones leave one free.
    const repo = toyRepo({ budget: { attempts: 3 }, concurrency: { agents: 2, evaluations: 6 }, evaluator: { command: 'node evaluate.js && if [ "$SWARM_SEED" != 99 ] && [ -f findings.md ]; then sleep 300; fi' } });
    const first = startCli(repo.dir, ['run']);
    const hung = await until('an attempt at work', () => query<{ id: string; worktree: string }>(repo, "SELECT id, worktree FROM attempts WHERE status = 'running' AND role != 'baseline' AND phase IN ('agent', 'evaluate') AND worktree IS NOT NULL")?.[0]);
    // `swarm eval` as the agent would call it in its worktree (no hand-off: it evaluates itself).
    const selfEval = async (): Promise<{ recorded: boolean; valid: boolean }> =>
      evaluate({ cwd: hung.worktree, seed: 99, env: { ...process.env, SWARM_ATTEMPT_ID: hung.id, SWARM_RUN_ID: 'r1' }, signal: new AbortController().signal });
    const intermediates = (): number => query(repo, "SELECT id FROM evaluations WHERE attempt_id = ? AND kind = 'intermediate'", hung.id)?.length ?? -1;
    // While the driver lives, the agent's own evaluation is recorded...
    expect(await selfEval()).toMatchObject({ recorded: true, valid: true });
    const recordedWhileAlive = intermediates();
    expect(recordedWhileAlive).toBeGreaterThan(0);
    await killDriver(first);
    // ...once it is gone, the orphan still gets its score, and the attempt gets no new row.
    expect(await selfEval()).toMatchObject({ recorded: false, valid: true });
    expect(intermediates()).toBe(recordedWhileAlive);
    await stopOrphans(repo.dir);
  }, 120_000);
});
