import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runSearch } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const Attempt = z.object({ id: z.string(), role: z.string(), status: z.string(), created_at: z.number(), finished_at: z.number().nullable() });
const Evaluation = z.object({ attempt_id: z.string(), created_at: z.number(), duration_ms: z.number() });

const readRun = (repo: ToyRepo): { attempts: Array<z.infer<typeof Attempt>>; evaluations: Array<z.infer<typeof Evaluation>> } => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true, fileMustExist: true });
  try {
    return {
      attempts: z.array(Attempt).parse(db.prepare("SELECT id, role, status, created_at, finished_at FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      evaluations: z.array(Evaluation).parse(db.prepare("SELECT attempt_id, created_at, duration_ms FROM evaluations WHERE kind = 'official' ORDER BY id").all()),
    };
  } finally {
    db.close();
  }
};

describe('async scheduling keeps the evaluation slots busy', () => {
  it('plans and prepares the next attempt while the previous one is evaluated, one evaluation at a time', async () => {
    const repo = createToyRepo({ evaluator: { env: { TOY_EVAL_DELAY_MS: '400' } }, budget: { attempts: 4 }, concurrency: { agents: 1, evaluations: 1 }, shepherd: { schedule: 'async' } });
    repos.push(repo);
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    const { attempts, evaluations } = readRun(repo);
    expect(attempts).toHaveLength(4);
    expect(attempts.filter((a) => a.status === 'running' || a.status === 'interrupted')).toEqual([]);
    // With one agent slot, the old scheduler planned an attempt only once the previous one had ended.
    const overlapped = attempts.slice(1).filter((next, i) => next.created_at < (attempts[i]?.finished_at ?? 0));
    expect(overlapped.length).toBeGreaterThan(0);
    // The evaluation slot is still one: no two official evaluations ran at the same time.
    const windows = evaluations.map((e) => ({ start: e.created_at - e.duration_ms, end: e.created_at })).sort((a, b) => a.start - b.start);
    for (let i = 1; i < windows.length; i++) expect(windows[i]?.start ?? 0).toBeGreaterThanOrEqual((windows[i - 1]?.end ?? 0) - 1);
  }, 120_000);
});
