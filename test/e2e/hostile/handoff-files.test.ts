import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handoffDir, type HandoffRequest } from '../../../src/app/evaluation/handoff/handoff-protocol.js';
import { EvalHandoffServer, type HandoffResult } from '../../../src/app/evaluation/handoff/handoff-server.js';

const result: HandoffResult = {
  attempt: 'a1', checkout: '/w', valid: true, score: 1, metric: 'score', direction: 'maximize', seed: 1, metrics: { score: 1 },
  reason: null, feedback: null, stages: [], recorded: true, evaluatedBy: 'driver',
};

const waitFor = async (file: string): Promise<string> => {
  while (!existsSync(file)) await sleep(20);
  return readFileSync(file, 'utf8');
};

/** The driver's end of the hand-off against files an agent planted (real files, FIFOs, symlinks). */
describe('hand-off folder attacks on the driver', () => {
  let dir: string;
  let worktree: string;
  let sentinel: string;
  let server: EvalHandoffServer;
  let seen: HandoffRequest[];
  let failures: string[];
  let refused: string[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-hostile-handoff-'));
    worktree = join(dir, 'worktree');
    sentinel = join(dir, 'sentinel');
    mkdirSync(worktree);
    mkdirSync(sentinel);
    writeFileSync(join(sentinel, '.gitignore'), 'keep me\n');
    mkdirSync(join(sentinel, 'eval'));
    writeFileSync(join(sentinel, 'eval', 'data.csv'), '1,2\n');
    writeFileSync(join(sentinel, 'req-00000000000000cc.json'), JSON.stringify({ version: 1 }));
    seen = [];
    failures = [];
    refused = [];
    server = new EvalHandoffServer({
      evaluate: (_attempt, request) => {
        seen.push(request);
        return Promise.resolve(result);
      },
      onFailure: (_attempt, reason) => failures.push(reason),
      onRefusedPath: (_attempt, problem) => refused.push(problem),
    });
  });
  afterEach(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const sentinelListing = (): string[] => [...readdirSync(sentinel), ...readdirSync(join(sentinel, 'eval')).map((f) => `eval/${f}`)].sort();

  it('answers a FIFO planted as a request at once and goes on answering (the driver never blocks in open)', async () => {
    const { env } = await server.open({ attemptId: 'a1', worktree });
    const folder = env.SWARM_EVAL_HANDOFF!;
    execFileSync('mkfifo', [join(folder, 'req-00000000000000f1.json')]);
    expect(JSON.parse(await waitFor(join(folder, 'res-00000000000000f1.json')))).toEqual({ version: 1, ok: false, error: 'the request is not a regular file' });
    // The chain of this attempt is not stuck behind the FIFO: a proper request after it is evaluated.
    writeFileSync(join(folder, 'req-00000000000000f2.tmp'), JSON.stringify({ version: 1, seed: 3 }));
    renameSync(join(folder, 'req-00000000000000f2.tmp'), join(folder, 'req-00000000000000f2.json'));
    expect(JSON.parse(await waitFor(join(folder, 'res-00000000000000f2.json')))).toMatchObject({ ok: true });
    expect(seen).toEqual([{ version: 1, seed: 3 }]);
    expect(failures).toEqual(['the request is not a regular file']);
  });

  it('refuses a 1 GB request by its size without reading it (a sparse file)', async () => {
    const { env } = await server.open({ attemptId: 'a1', worktree });
    const tmp = join(env.SWARM_EVAL_HANDOFF!, 'req-00000000000000b1.tmp');
    const fd = openSync(tmp, 'w');
    ftruncateSync(fd, 1024 ** 3);
    closeSync(fd);
    renameSync(tmp, join(env.SWARM_EVAL_HANDOFF!, 'req-00000000000000b1.json'));
    expect(JSON.parse(await waitFor(join(env.SWARM_EVAL_HANDOFF!, 'res-00000000000000b1.json')))).toEqual({ version: 1, ok: false, error: 'the request is larger than 4096 bytes' });
    expect(seen).toEqual([]);
  });

  it('deletes nothing through a .swarm the agent replaced with a symlink, and says so', async () => {
    const { close } = await server.open({ attemptId: 'a1', worktree });
    renameSync(join(worktree, '.swarm'), join(worktree, '.swarm.moved'));
    symlinkSync(sentinel, join(worktree, '.swarm'));
    await close();
    expect(sentinelListing()).toEqual(['.gitignore', 'eval', 'eval/data.csv', 'req-00000000000000cc.json']);
    expect(readFileSync(join(sentinel, '.gitignore'), 'utf8')).toBe('keep me\n');
    expect(refused).toEqual([`${worktree}/.swarm is not a plain directory (a symlink or a file put there by the agent); swarm leaves it alone`]);
  });

  it('takes no request from a sentinel the hand-off folder was swapped for, and removes nothing there', async () => {
    const { env, close } = await server.open({ attemptId: 'a1', worktree });
    renameSync(env.SWARM_EVAL_HANDOFF!, join(worktree, '.swarm', 'eval.moved'));
    symlinkSync(sentinel, env.SWARM_EVAL_HANDOFF!);
    // Several polls of the driver pass; none of them may rename the sentinel's request.
    await sleep(1_200);
    await close();
    expect(sentinelListing()).toEqual(['.gitignore', 'eval', 'eval/data.csv', 'req-00000000000000cc.json']);
    expect(seen).toEqual([]);
    // The symlink itself is inside the worktree: removed as a link, the sentinel stays.
    expect(existsSync(handoffDir(worktree))).toBe(false);
  });

  it('does not open the hand-off at all when .swarm is a symlink before the agent starts (an inherited tree)', async () => {
    symlinkSync(sentinel, join(worktree, '.swarm'));
    const { env, close } = await server.open({ attemptId: 'a1', worktree });
    expect(env).toEqual({});
    await close();
    expect(sentinelListing()).toEqual(['.gitignore', 'eval', 'eval/data.csv', 'req-00000000000000cc.json']);
    expect(refused).toHaveLength(1);
  });
});
