import { access } from 'node:fs/promises';
import type { EvalJob, EvalOutcome } from '../core/ports/index.js';
import { readFileTail } from '../process/output-tail.js';
import { evalOutcomeFrom } from './eval-outcome.js';
import { endOfStatus, markerIsOf, readExitMarker } from './exit-marker.js';
import { evalJobFiles, readEvaluatorOutput } from './local-evaluator-runner.js';

const TAIL_BYTES = 4000;

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/**
 * The outcome of a recorded job that finished while its driver was killed, built from what it
 * left (issue 41, item 3): its exit record (exit-marker.ts) and its logs once the driver had marked
 * both complete (their streams ended while it lived), or else a result file and a clean exit. Null when it left no such record (it did
 * not finish, it is another job's, or its output was not all on disk): the job is to be run.
 * The outcome is made by the same code as a live run's; what cannot be known after the fact is
 * left out: the processes it left behind (stopped with the driver's process tree, or found by
 * `swarm doctor`), and whether it changed protected files (the resumed checkout is a fresh one).
 */
export const recoverExitedJob = async (job: EvalJob): Promise<EvalOutcome | null> => {
  if (job.record === undefined) return null;
  const files = evalJobFiles(job);
  const marker = await readExitMarker(files.exit);
  if (marker === null || !markerIsOf(marker, job)) return null;
  // scancel signals a batch job's processes all at once: an evaluator ended by SIGTERM or SIGKILL may
  // be a canceled job whose wrapper outlived it by an instant, not one that finished. Run it again.
  if (marker.direct === true && (marker.status === 128 + 15 || marker.status === 128 + 9)) return null;
  // A batch job's output went to its files, not to the driver: complete once it exited.
  const [hasResult, captured] = await Promise.all([exists(files.result), marker.direct === true ? Promise.resolve(true) : exists(files.captured)]);
  // Without the driver's mark its output went to a dead driver's pipes: only a clean exit with a
  // result file is trusted then (a failure may be that lost pipe's SIGPIPE or EPIPE, not the program's).
  if (!captured && !(hasResult && marker.status === 0)) return null;
  const parsed = await readEvaluatorOutput(files);
  const [stdoutTail, stderrTail] = await Promise.all([readFileTail(files.stdout, TAIL_BYTES), readFileTail(files.stderr, TAIL_BYTES)]);
  const proc = {
    ...endOfStatus(marker.status),
    timedOut: false,
    canceled: false,
    durationMs: Math.max(0, marker.endedAt - marker.startedAt),
    stdoutTail,
    stderrTail,
    error: null,
  };
  return evalOutcomeFrom(proc, parsed, job);
};
