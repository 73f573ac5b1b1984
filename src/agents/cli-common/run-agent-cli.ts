import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProcessGroup, type ProcessOutcome } from '../../process/process-group.js';

export interface AgentCliRun {
  process: ProcessOutcome;
  /** Everything the CLI printed on stdout (its JSONL event stream). */
  stdout: string;
  /** The raw stdout, kept in the attempt's log folder. */
  transcriptPath: string;
  stderrPath: string;
}

export interface AgentCliOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  logDir: string;
  /** Base name of the transcript file, e.g. `claude-code` -> `claude-code.jsonl`. */
  name: string;
  signal: AbortSignal;
  /** Text for stdin; default closed (`/dev/null`): both CLIs wait on an open stdin. */
  stdin?: string;
}

/**
 * Runs an agent CLI as its own process group (timeout and abort kill the whole tree), with stdin
 * closed unless given, stdout streamed to `<logDir>/<name>.jsonl` and stderr to `<name>.stderr.log`.
 */
export const runAgentCli = async (options: AgentCliOptions): Promise<AgentCliRun> => {
  const transcriptPath = join(options.logDir, `${options.name}.jsonl`);
  const stderrPath = join(options.logDir, `${options.name}.stderr.log`);
  const outcome = await runProcessGroup({
    file: options.file,
    args: options.args,
    cwd: options.cwd,
    env: options.env,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    stdoutFile: transcriptPath,
    stderrFile: stderrPath,
    stdin: options.stdin ?? 'ignore',
  });
  const stdout = await readFile(transcriptPath, 'utf8').catch(() => '');
  return { process: outcome, stdout, transcriptPath, stderrPath };
};

/** Why a CLI run did not end normally, in words for the attempt record; null when it exited 0. */
export const processProblem = (name: string, outcome: ProcessOutcome, timeoutMs: number): string | null => {
  if (outcome.error !== null) return `${name} could not be started: ${outcome.error}`;
  if (outcome.timedOut) return `${name} timed out after ${Math.round(timeoutMs / 1000)} s and was stopped; raise agent.timeout if it needs longer`;
  if (outcome.canceled) return `${name} was stopped: the run was interrupted`;
  if (outcome.signal !== null) return `${name} was killed by ${outcome.signal}`;
  if (outcome.exitCode !== 0) {
    const tail = lastLines(outcome.stderrTail, 3);
    return `${name} exited with code ${String(outcome.exitCode)}${tail ? `: ${tail}` : ''}`;
  }
  return null;
};

/** The last `count` non-empty lines of a text, joined with " / ". */
export const lastLines = (text: string, count: number): string =>
  text.split('\n').map((line) => line.trim()).filter(Boolean).slice(-count).join(' / ');
