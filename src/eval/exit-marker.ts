import { constants } from 'node:os';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { EvalJob } from '../core/ports/index.js';

/**
 * The exit record of an evaluator job (issue 41, item 3). The evaluator runs under a small `sh`
 * wrapper that, the moment the evaluator exits, writes `<base>.exit.json` (its identity, given by
 * the driver, and the exit status). The wrapper is the process group's leader, so it outlives a
 * SIGKILL of the driver: a resume finds the record of a job that finished while the driver was
 * being killed, and records it instead of running it again. A wrapper stopped by a timeout or a
 * cancel writes nothing: that job did not finish.
 *
 * The record is one write of a few hundred bytes (no rename: that would cost a process); a torn
 * one does not parse and counts as none. A shell command runs in a subshell of the wrapper (a
 * fork, no second `sh`); a status above 128 is an evaluator killed by a signal: the wrapper ends
 * itself with that signal (except the stop and ignored ones), so the driver sees what it saw when
 * `sh -c` replaced itself with the evaluator. The cost is one `sh` per job (measured in
 * docs/decisions.md).
 */
const ENDING = [
  `printf '%s,"status":%d}\\n' "$__swarm_h" "$__swarm_s" > "$__swarm_m"`,
  'if [ "$__swarm_s" -gt 128 ] && [ "$__swarm_s" -lt 160 ]; then',
  '  case $((__swarm_s - 128)) in 17|19|20|21|22|23|28) ;; *) trap - $((__swarm_s - 128)); kill -$((__swarm_s - 128)) $$ ;; esac',
  'fi',
  'exit "$__swarm_s"',
];
/**
 * `sh -c WRAPPER sh <marker> <header> <command>`: the command run by a subshell. Its `$0` is `sh`, so
 * the shell's complaints read as they did without the wrapper (`sh: 1: eval: ./x: not found`).
 */
const WRAPPER = ['__swarm_m=$1; __swarm_h=$2; __swarm_c=$3; shift 3', '(eval "$__swarm_c"); __swarm_s=$?', ...ENDING].join('\n');

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
  /** Its output went straight to files (a Slurm batch job's --output/--error): complete when it exited. */
  direct: z.boolean().optional(),
});

export type ExitMarker = z.infer<typeof markerSchema> & { endedAt: number };

/** The shell command `command` run under the exit-record wrapper, which writes `markerPath` when it exits. */
export const withExitMarker = (
  job: Pick<EvalJob, 'stage' | 'seed'> & { record: NonNullable<EvalJob['record']> },
  markerPath: string,
  command: string,
  options: { direct?: boolean } = {},
): { file: string; args: string[] } => {
  const header = JSON.stringify({ v: 1, kind: job.record.kind, stage: job.stage, seed: job.seed, commit: job.record.commit, occurrence: job.record.occurrence, startedAt: Date.now(), ...(options.direct === true ? { direct: true } : {}) }).slice(0, -1);
  return { file: '/bin/sh', args: ['-c', WRAPPER, 'sh', markerPath, header, command] };
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
