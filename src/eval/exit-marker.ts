import { constants } from 'node:os';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { EvalJob } from '../core/ports/index.js';

/**
 * The exit record of an evaluator job (issue 41, item 3). The evaluator runs under a small `sh`
 * wrapper that, the moment the evaluator exits, writes `<base>.exit.json` (its identity, given by
 * the driver, and the exit status) and renames it into place. The wrapper is the process group's
 * leader, so it outlives a SIGKILL of the driver: a resume finds the record of a job that finished
 * while the driver was being killed, and records it instead of running it again. A wrapper stopped
 * by a timeout or a cancel writes nothing: that job did not finish.
 *
 * A status above 128 is an evaluator killed by a signal: the wrapper ends itself with that signal
 * (except the stop signals), so the driver sees what it saw when `sh -c` replaced itself with the
 * evaluator. The cost is one `sh` and one `mv` per job.
 */
const WRAPPER = [
  'm=$1; h=$2; shift 2',
  '"$@"; s=$?',
  `printf '%s,"status":%d}\\n' "$h" "$s" > "$m.tmp" && mv -f "$m.tmp" "$m"`,
  'if [ "$s" -gt 128 ] && [ "$s" -lt 160 ]; then',
  '  case $((s - 128)) in 17|19|20|21|22|23|28) ;; *) trap - $((s - 128)); kill -$((s - 128)) $$ ;; esac',
  'fi',
  'exit "$s"',
].join('\n');

const markerSchema = z.object({
  v: z.literal(1),
  kind: z.string(),
  stage: z.string(),
  seed: z.number(),
  commit: z.string(),
  occurrence: z.number(),
  /** When the driver started the job (ms since the epoch); the record's mtime is its end. */
  startedAt: z.number(),
  status: z.number().int(),
});

export type ExitMarker = z.infer<typeof markerSchema> & { endedAt: number };

/** `program args…` run under the exit-record wrapper, which writes `markerPath` when it exits. */
export const withExitMarker = (
  job: Pick<EvalJob, 'stage' | 'seed'> & { record: NonNullable<EvalJob['record']> },
  markerPath: string,
  program: { file: string; args: string[] },
): { file: string; args: string[] } => {
  const header = JSON.stringify({ v: 1, kind: job.record.kind, stage: job.stage, seed: job.seed, commit: job.record.commit, occurrence: job.record.occurrence, startedAt: Date.now() });
  return { file: '/bin/sh', args: ['-c', WRAPPER, 'swarm-eval', markerPath, header.slice(0, -1), program.file, ...program.args] };
};

/** The exit record at `path`, or null when there is none (or a torn one). */
export const readExitMarker = async (path: string): Promise<ExitMarker | null> => {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const parsed = markerSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ...parsed.data, endedAt: info.mtimeMs } : null;
  } catch {
    return null;
  }
};

/** Whether `marker` is the record of exactly this job (kind, stage, seed, commit, occurrence). */
export const markerIsOf = (marker: ExitMarker, job: Pick<EvalJob, 'stage' | 'seed' | 'record'>): boolean =>
  job.record !== undefined && marker.kind === job.record.kind && marker.commit === job.record.commit
  && marker.occurrence === job.record.occurrence && marker.stage === job.stage && marker.seed === job.seed;

const STOP_SIGNALS = new Set([17, 19, 20, 21, 22, 23, 28]);

/** The exit code and signal the driver would have seen for the wrapper's `status`. */
export const endOfStatus = (status: number): { exitCode: number | null; signal: string | null } => {
  const number = status - 128;
  if (status > 128 && status < 160 && !STOP_SIGNALS.has(number)) {
    const name = Object.entries(constants.signals).find(([, value]) => value === number)?.[0];
    if (name !== undefined) return { exitCode: null, signal: name };
  }
  return { exitCode: status, signal: null };
};

/** Every exit record in `logDir` (none when it does not exist). */
export const listExitMarkers = async (logDir: string): Promise<ExitMarker[]> => {
  const names = await readdir(logDir).catch(() => []);
  const markers = await Promise.all(names.filter((name) => name.endsWith('.exit.json')).map((name) => readExitMarker(join(logDir, name))));
  return markers.filter((marker): marker is ExitMarker => marker !== null);
};
