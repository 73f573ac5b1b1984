import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../../../src/core/ports/index.js';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { violatedPathsOf } from '../../../src/app/evaluation/guard-evaluation.js';
import { evaluationJournal, journaledRunner } from '../../../src/app/evaluation/evaluation-journal.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const storeWithAttempt = (): { store: SwarmStore; id: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-journal-'));
  dirs.push(dir);
  const store = SwarmStore.open(join(dir, '.swarm', 'swarm.db'));
  const run = store.createRun({ description: 'test', metric: 'score', direction: 'maximize', baseCommit: 'abc', baseBranch: 'main', configJson: '{}', attemptBudget: 10, ownerPid: 1 });
  const attempt = store.createAttempt({
    runId: run.id, wave: 1, role: 'explorer', operator: 'explore', backend: 'local', seed: 7, context: 'ctx', parents: [], informedBy: [],
    paths: (id) => ({ branch: `swarm/${run.id}/${id}`, logDir: `/logs/${id}` }),
  });
  return { store, id: attempt.id };
};

const outcome = (score: number): EvalOutcome => ({
  metrics: { score }, score, valid: true, reason: null, feedback: null, instances: null, artifacts: null,
  exitCode: 0, signal: null, timedOut: false, durationMs: 1200, stdoutTail: `{"score": ${score}}`, stderrTail: '', jobId: null,
});

/** A runner that scores each job with the next number and counts what it ran. */
const countingRunner = (): EvaluatorRunner & { ran: string[] } => {
  const ran: string[] = [];
  return {
    ran,
    run: (job: EvalJob) => {
      ran.push(`${job.stage}-${job.seed}`);
      return Promise.resolve(outcome(ran.length));
    },
  };
};

const job = (stage: string, seed: number): EvalJob => ({ command: 'true', stage, seed, cwd: '/', env: {}, logDir: '/logs', metric: 'score', timeoutMs: 1000 });

describe('evaluation journal', () => {
  it('reads the protected paths back from a guarded outcome\'s reason, and none from another reason', () => {
    expect(violatedPathsOf('the evaluated program changed protected files (a.txt, data/b.csv) during stage main; the score does not count. Programs may not modify evaluator.protect paths')).toEqual(['a.txt', 'data/b.csv']);
    expect(violatedPathsOf('evaluator exited with code 1')).toEqual([]);
    expect(violatedPathsOf(null)).toEqual([]);
  });

  it('keeps each job as a row when it ends, and a second journal takes them back occurrence by occurrence instead of running them', async () => {
    const { store, id } = storeWithAttempt();
    const live = countingRunner();
    const first = journaledRunner(live, evaluationJournal(store, id, 'c1'), 'baseline');
    const signal = new AbortController().signal;
    // The noise check's shape: one seed twice, then another.
    await first.run(job('main', 7), signal);
    await first.run(job('main', 7), signal);
    expect(store.listEvaluations(id).map((r) => [r.kind, r.seed, r.score, r.commit, r.durationMs, r.exitCode])).toEqual([
      ['baseline', 7, 1, 'c1', 1200, 0],
      ['baseline', 7, 2, 'c1', 1200, 0],
    ]);

    const resumed = countingRunner();
    const journal = evaluationJournal(store, id, 'c1');
    const heard: Array<number | null> = [];
    const again = journaledRunner(resumed, journal, 'baseline', (kept) => heard.push(kept.score));
    expect((await again.run(job('main', 7), signal)).score).toBe(1);
    expect((await again.run(job('main', 7), signal)).score).toBe(2);
    expect((await again.run(job('main', 8), signal)).score).toBe(1);
    expect(resumed.ran).toEqual(['main-8']);
    expect(journal.taken()).toBe(2);
    expect(heard).toEqual([1, 2]);
    expect(store.listEvaluations(id).map((r) => r.seed)).toEqual([7, 7, 8]);
  });

  it('takes nothing kept on another commit or of another kind, and keeps no job its signal canceled', async () => {
    const { store, id } = storeWithAttempt();
    const signal = new AbortController().signal;
    await journaledRunner(countingRunner(), evaluationJournal(store, id, 'c1'), 'official').run(job('main', 7), signal);
    store.addEvaluation(id, 'intermediate', { ...outcome(5), stage: 'main', seed: 7, commit: 'c2' });

    const other = countingRunner();
    await journaledRunner(other, evaluationJournal(store, id, 'c2'), 'official').run(job('main', 7), signal);
    await journaledRunner(other, evaluationJournal(store, id, 'c1'), 'confirm').run(job('main', 7), signal);
    expect(other.ran).toEqual(['main-7', 'main-7']);

    const stop = new AbortController();
    stop.abort();
    const rows = store.listEvaluations(id).length;
    await journaledRunner(countingRunner(), evaluationJournal(store, id, 'c3'), 'official').run(job('main', 7), stop.signal);
    expect(store.listEvaluations(id)).toHaveLength(rows);
  });
});
