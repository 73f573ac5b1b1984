import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { status, type StatusReport } from '../../../src/index.js';
import type { RecordedRequest } from '../../support/fake-llm/http-server.js';
import { assistantTurns, type FakeReply } from '../../support/fake-llm/scripted-reply.js';
import type { ToyRepo } from '../../support/toy-repo.js';

/** What rate-limits-e2e.test.ts and rate-limits-killed-driver-e2e.test.ts share. */

export const EDIT_A = { path: 'prog.js', search: 'const a = 1.0;', replace: 'const a = 3.0;' };
export const CONTINUED = 'stopped by a rate or usage limit';
export const ONE_ATTEMPT = { budget: { attempts: 1 }, shepherd: { initialExplorers: 1, waveSize: 1 }, concurrency: { agents: 1 } };

/** Edits, then finishes; the reply follows from how many assistant turns the history holds. */
export const workReply = (request: RecordedRequest): FakeReply =>
  assistantTurns(request) === 0
    ? { kind: 'message', toolCalls: [{ name: 'edit_file', input: EDIT_A }] }
    : { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3', hypothesis: 'a near 3 is best' } }] };

export const limited = (retryAfter: string): FakeReply => ({ kind: 'error', status: 429, headers: { 'retry-after': retryAfter }, message: 'Number of requests has exceeded your rate limit' });

export interface EventRow { type: string; attempt_id: string | null; data_json: string; at: number }
export const readEvents = (repo: ToyRepo): EventRow[] => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return db.prepare('SELECT type, attempt_id, data_json, at FROM events ORDER BY id').all() as EventRow[];
  } finally {
    db.close();
  }
};
export const attemptOf = (repo: ToyRepo, id: string): { status: string; score: number | null; input_tokens: number } => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return db.prepare('SELECT status, score, input_tokens FROM attempts WHERE id = ?').get(id) as { status: string; score: number | null; input_tokens: number };
  } finally {
    db.close();
  }
};

/**
 * Polls `status` (the API `swarm status` calls) until it shows a wait with a parked attempt; throws
 * when `running`, the run being watched, settles first (the test's own timeout bounds the rest).
 */
export const statusWhileWaiting = async (repo: ToyRepo, running: Promise<unknown>): Promise<StatusReport> => {
  let settled: string | null = null;
  void running.then((value) => (settled = `the run ended before any wait: ${JSON.stringify(value)}`), (error: unknown) => (settled = `the run threw before any wait: ${String(error)}`));
  for (;;) {
    if (settled !== null) throw new Error(settled);
    if (existsSync(join(repo.dir, '.swarm', 'swarm.db'))) {
      const report = await status({ cwd: repo.dir }).catch(() => null);
      if ((report?.waits ?? []).some((w) => w.attempts.length > 0)) return report!;
    }
    await sleep(100);
  }
};

/**
 * An agent CLI whose first call prints "usage limit reached · resets at <now + seconds>" (local
 * time) and fails; every later call sets a = 3. The calls are counted in `state`.
 */
export const limitedAgentScript = (dir: string, seconds: number, workSeconds = 0): { script: string; state: string } => {
  const script = join(dir, 'agent.sh');
  const state = join(dir, 'calls');
  writeFileSync(
    script,
    `#!/bin/sh
n=$(cat "${state}" 2>/dev/null || echo 0)
echo $((n + 1)) > "${state}"
date +%s%3N >> "${state}.times"
if [ "$n" = 0 ]; then
  msg="usage limit reached · resets at $(date -d '+${seconds} seconds' +%H:%M:%S)"
  echo "$msg" > "${state}.message"
  echo "$msg" >&2
  exit 1
fi
sleep ${workSeconds}
sed -i 's/const a = 1.0;/const a = 3.0;/' prog.js
echo "HYPOTHESIS: a near 3 is best"
echo "set a to 3"
`,
  );
  chmodSync(script, 0o755);
  return { script, state };
};
