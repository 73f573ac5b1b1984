import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evalHere } from '../../../src/app/evaluation/eval-here.js';
import { requestDriverEvaluation } from '../../../src/app/evaluation/handoff/handoff-client.js';
import { CLIENT_GONE, handoffDir, type HandoffRequest } from '../../../src/app/evaluation/handoff/handoff-protocol.js';
import { EvalHandoffServer, type HandoffResult } from '../../../src/app/evaluation/handoff/handoff-server.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const result = (score: number): HandoffResult => ({
  attempt: 'a1', checkout: '/w', valid: true, score, metric: 'score', direction: 'maximize', seed: 1, metrics: { score },
  reason: null, feedback: null, stages: [{ stage: 'default', valid: true, score, durationMs: 5 }], recorded: true, evaluatedBy: 'driver',
});
const signal = new AbortController().signal;

describe('swarm eval hand-off between an attempt and the driver (real files, real timers)', () => {
  let dir: string;
  let worktree: string;
  let server: EvalHandoffServer;
  let seen: HandoffRequest[];
  let failures: string[];
  let evaluate: (request: HandoffRequest) => Promise<HandoffResult>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-handoff-'));
    worktree = join(dir, 'worktree');
    mkdirSync(worktree);
    seen = [];
    failures = [];
    evaluate = (request) => Promise.resolve(result(request.seed ?? 1));
    server = new EvalHandoffServer({
      evaluate: (_attempt, request) => {
        seen.push(request);
        return evaluate(request);
      },
      onFailure: (_attempt, reason) => failures.push(reason),
    });
  });
  afterEach(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a request with the driver\'s evaluation and leaves only the self-ignoring folder', async () => {
    const { env } = await server.open({ attemptId: 'a1', worktree });
    expect(env.SWARM_EVAL_HANDOFF).toBe(handoffDir(worktree));
    const outcome = await requestDriverEvaluation(env.SWARM_EVAL_HANDOFF!, { version: 1, seed: 7 }, signal);
    expect(outcome).toEqual({ kind: 'answered', response: { version: 1, ok: true, result: result(7) } });
    expect(seen).toEqual([{ version: 1, seed: 7 }]);
    expect(readdirSync(handoffDir(worktree))).toEqual([]);
    expect(readFileSync(join(worktree, '.swarm', '.gitignore'), 'utf8')).toBe('*\n');
    expect(failures).toEqual([]);
  });

  it('stops an evaluation whose swarm eval was killed (no more signs of life), telling the handler why', async () => {
    let reason: unknown = null;
    server = new EvalHandoffServer({
      evaluate: (_attempt, _request, stop) => new Promise((resolve) => {
        stop.addEventListener('abort', () => {
          reason = stop.reason;
          resolve(result(0));
        }, { once: true });
      }),
      onFailure: (_attempt, why) => failures.push(why),
    });
    const { env } = await server.open({ attemptId: 'a1', worktree });
    // A client that wrote its request and its alive file, then died: nobody touches the file again.
    const folder = env.SWARM_EVAL_HANDOFF!;
    writeFileSync(join(folder, 'alive-0123456789abcdef.json'), '');
    writeFileSync(join(folder, 'req-0123456789abcdef.json'), JSON.stringify({ version: 1 }));
    for (let waited = 0; reason === null && waited < 15_000; waited += 100) await sleep(100);
    expect(reason).toBe(CLIENT_GONE);
  }, 30_000);

  it('answers several requests of one attempt one after the other', async () => {
    let running = 0;
    let most = 0;
    evaluate = async (request) => {
      most = Math.max(most, ++running);
      await sleep(100);
      running -= 1;
      return result(request.seed ?? 0);
    };
    const { env } = await server.open({ attemptId: 'a1', worktree });
    const outcomes = await Promise.all([1, 2, 3].map((seed) => requestDriverEvaluation(env.SWARM_EVAL_HANDOFF!, { version: 1, seed }, signal)));
    expect(outcomes.map((o) => (o.kind === 'answered' && o.response.ok ? o.response.result.score : null))).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });

  it('removes the folder, and .swarm when the agent left nothing else in it, when the attempt closes', async () => {
    const { close } = await server.open({ attemptId: 'a1', worktree });
    writeFileSync(join(handoffDir(worktree), 'res-0123456789abcdef.json'), '{}');
    await close();
    expect(existsSync(join(worktree, '.swarm'))).toBe(false);
  });

  it.each([
    ['a field the protocol does not have (a score of its own)', JSON.stringify({ version: 1, score: 100 }), 'the request does not match the hand-off protocol (version 1)'],
    ['text that is not JSON', 'score = 100', 'the request is not JSON'],
    ['more than 4 KiB', JSON.stringify({ version: 1, pad: 'x'.repeat(5000) }), 'the request is larger than 4096 bytes'],
  ])('refuses a request with %s, counts it and never evaluates', async (_name, text, reason) => {
    const { env } = await server.open({ attemptId: 'a1', worktree });
    const id = '00000000000000aa';
    writeFileSync(join(env.SWARM_EVAL_HANDOFF!, `req-${id}.json`), text);
    const response = join(env.SWARM_EVAL_HANDOFF!, `res-${id}.json`);
    while (!existsSync(response)) await sleep(20);
    expect(JSON.parse(readFileSync(response, 'utf8'))).toEqual({ version: 1, ok: false, error: reason });
    expect(seen).toEqual([]);
    expect(failures).toEqual([reason]);
  });

  it('does not read through a request that is a symlink, nor echo what it points to', async () => {
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'TOKEN-123');
    const { env } = await server.open({ attemptId: 'a1', worktree });
    symlinkSync(secret, join(env.SWARM_EVAL_HANDOFF!, 'req-00000000000000bb.json'));
    const response = join(env.SWARM_EVAL_HANDOFF!, 'res-00000000000000bb.json');
    while (!existsSync(response)) await sleep(20);
    const text = readFileSync(response, 'utf8');
    expect(JSON.parse(text)).toEqual({ version: 1, ok: false, error: 'the request is not a regular file' });
    expect(text).not.toContain('TOKEN');
  });

  it('answers a failed evaluation with its reason and counts it', async () => {
    evaluate = () => Promise.reject(new Error('git is gone'));
    const { env } = await server.open({ attemptId: 'a1', worktree });
    const outcome = await requestDriverEvaluation(env.SWARM_EVAL_HANDOFF!, { version: 1 }, signal);
    expect(outcome).toEqual({ kind: 'answered', response: { version: 1, ok: false, error: 'the swarm could not evaluate the checkout: git is gone' } });
    expect(failures).toEqual(['the swarm could not evaluate the checkout: git is gone']);
  });

  it('does not follow a hand-off folder the agent replaced with a symlink', async () => {
    const { env } = await server.open({ attemptId: 'a1', worktree });
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    rmSync(env.SWARM_EVAL_HANDOFF!, { recursive: true });
    symlinkSync(elsewhere, env.SWARM_EVAL_HANDOFF!);
    const outcome = await requestDriverEvaluation(env.SWARM_EVAL_HANDOFF!, { version: 1 }, signal, { ackTimeoutMs: 600 });
    // Neither end writes through the link: the client refuses it, the driver never serves it.
    expect(outcome).toEqual({ kind: 'failed', reason: `the hand-off folder ${env.SWARM_EVAL_HANDOFF!} is not a plain directory (a symlink?); swarm eval does not write through it` });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe('the client without a listening driver', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-handoff-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives up when nobody takes the request, and takes it back', async () => {
    const outcome = await requestDriverEvaluation(dir, { version: 1 }, signal, { ackTimeoutMs: 300 });
    expect(outcome).toEqual({ kind: 'no-driver' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports a driver that took the request and then stopped answering', async () => {
    // A driver that acknowledges (rename to busy) and dies: no heartbeat, no answer.
    const taker = (async () => {
      for (;;) {
        const name = readdirSync(dir).find((n) => /^req-[0-9a-f]{16}\.json$/.test(n));
        if (name) return rename(join(dir, name), join(dir, name.replace('req-', 'busy-')));
        await sleep(20);
      }
    })();
    const outcome = await requestDriverEvaluation(dir, { version: 1 }, signal, { staleMs: 400 });
    await taker;
    expect(outcome).toEqual({ kind: 'failed', reason: 'the swarm driver stopped answering (no sign of life for 0 s)' });
  });
});

describe('swarm eval inside an attempt whose driver is gone', () => {
  let repo: ToyRepo;
  beforeEach(() => {
    repo = createToyRepo();
  });
  afterEach(() => repo.cleanup());

  it('evaluates the checkout itself, as outside a run', async () => {
    const env = { SWARM_ATTEMPT_ID: 'a9', SWARM_EVAL_HANDOFF: handoffDir(repo.dir) };
    const outcome = await evalHere({ cwd: repo.dir, env, signal, handoffTiming: { ackTimeoutMs: 300 } });
    expect({ valid: outcome.valid, score: outcome.score, evaluatedBy: outcome.evaluatedBy, recorded: outcome.recorded }).toEqual({ valid: true, score: -13, evaluatedBy: 'self', recorded: false });
  });
});
