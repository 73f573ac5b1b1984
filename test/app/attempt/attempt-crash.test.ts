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

const attemptRow = z.object({ id: z.string(), status: z.string(), phase: z.string(), reason: z.string().nullable(), flags_json: z.string(), finished_at: z.number().nullable() });
const eventRow = z.object({ attempt_id: z.string(), type: z.string() });

const read = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: z.array(attemptRow).parse(db.prepare("SELECT id, status, phase, reason, flags_json, finished_at FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      events: z.array(eventRow).parse(db.prepare("SELECT attempt_id, type FROM events WHERE attempt_id IS NOT NULL AND type LIKE 'attempt.%' ORDER BY id").all()),
    };
  } finally {
    db.close();
  }
};

describe('an attempt broken by an error of swarm itself', () => {
  it('is recorded failed with the infrastructure flag once, in phase done', async () => {
    // The agent leaves a lock on its worktree's index (swarm puts a deleted .git link back, so that no
    // longer breaks anything): committing its work fails inside swarm, not in the agent.
    const repo = createToyRepo({
      agent: { backend: 'command', command: { argv: ['sh', '-c', 'touch "$(git rev-parse --git-dir)/index.lock"; echo "locked the index"'] } },
      budget: { attempts: 2 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 2, waveSize: 2 },
    });
    repos.push(repo);
    // The run ends (a usage or config error would throw); its attempts are what the test is about.
    const run = await runSearch({ cwd: repo.dir });
    expect(run.attempts).toMatchObject({ failed: 2, scored: 0 });
    const { attempts, events } = read(repo);
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ status: 'failed', phase: 'done', flags_json: JSON.stringify(['infrastructure']) });
      expect(attempt.reason).toMatch(/^swarm could not complete the attempt: .*git/);
      expect(attempt.finished_at).not.toBeNull();
      expect(events.filter((e) => e.attempt_id === attempt.id).map((e) => e.type)).toEqual(['attempt.planned', 'attempt.provisioned', 'attempt.finished']);
    }
  }, 120_000);
});
