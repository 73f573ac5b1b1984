import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentLauncher } from '../../core/ports/index.js';
import { runProcessGroup, type ProcessOutcome } from '../../process/process-group.js';
import { lastEventOf, watchOutput, type Quiet } from './output-watch.js';
import type { RunCostGauge } from '../../core/ports/agent-backend.js';

/** How often a running CLI agent checks the run's dollar cap (it reports no spending as it goes). */
const CAP_CHECK_MS = 1000;

export interface AgentCliRun {
  process: ProcessOutcome;
  /** Everything the CLI printed on stdout (its JSONL event stream). */
  stdout: string;
  /** The raw stdout, kept in the attempt's log folder. */
  transcriptPath: string;
  stderrPath: string;
  /** How long its output was silent at the end, and whether a stall stopped it. */
  quiet: Quiet;
  /** Why the run's dollar cap stopped it (budget.costUsd spent by the run meanwhile), else null. */
  capped: string | null;
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
  /** Stop it after this long without output (agent.stallTimeout); absent = only the timeout. */
  stallTimeoutMs?: number;
  /** The run's dollar cap: checked while it runs, the agent is stopped once the run's budget is spent. */
  runCost?: RunCostGauge;
  /** Where the process runs (agent.runner, the task's `launcher`); absent = a process group here. */
  launcher?: AgentLauncher;
}

/** The default place of an agent CLI: a process group on this machine, inheriting swarm's environment. */
const localLauncher: AgentLauncher = {
  launch: (launch) => runProcessGroup({
    file: launch.file, args: launch.args, cwd: launch.cwd, env: launch.env, timeoutMs: launch.timeoutMs, signal: launch.signal,
    stdoutFile: launch.stdoutFile, stderrFile: launch.stderrFile, stdin: launch.stdin,
  }),
};

/**
 * Runs an agent CLI where `launcher` puts it (default: its own process group here; timeout and abort kill the whole tree), with stdin
 * closed unless given, stdout streamed to `<logDir>/<name>.jsonl` and stderr to `<name>.stderr.log`.
 */
export const runAgentCli = async (options: AgentCliOptions): Promise<AgentCliRun> => {
  const transcriptPath = join(options.logDir, `${options.name}.jsonl`);
  const stderrPath = join(options.logDir, `${options.name}.stderr.log`);
  const stall = new AbortController();
  const stallMs = options.stallTimeoutMs ?? null;
  const watch = watchOutput(transcriptPath, stallMs, () => stall.abort());
  const cap = new AbortController();
  let capped: string | null = null;
  const gauge = options.runCost;
  const capTimer = gauge === undefined ? null : setInterval(() => {
    capped ??= gauge.exceeded();
    if (capped !== null) cap.abort();
  }, CAP_CHECK_MS);
  const outcome: ProcessOutcome = await (options.launcher ?? localLauncher).launch({
    file: options.file,
    args: options.args,
    cwd: options.cwd,
    env: options.env,
    timeoutMs: options.timeoutMs,
    signal: AbortSignal.any([options.signal, stall.signal, cap.signal]),
    stdoutFile: transcriptPath,
    stderrFile: stderrPath,
    stdin: options.stdin ?? 'ignore',
  });
  watch.stop();
  if (capTimer !== null) clearInterval(capTimer);
  const stdout = await readFile(transcriptPath, 'utf8').catch(() => '');
  const quiet: Quiet = { silentMs: watch.silentMs(), stalled: watch.stalled() && !options.signal.aborted, stallMs, lastEvent: lastEventOf(stdout) };
  return { process: outcome, stdout, transcriptPath, stderrPath, quiet, capped: options.signal.aborted ? null : capped };
};

/**
 * An outcome of a CLI agent that the run's dollar cap stopped: its work so far is committed and
 * evaluated (as the API agents' is), the cap's reason recorded as its error.
 */
export const cappedOutcome = <T extends { status: string; error?: string }>(outcome: T, capped: string | null): T =>
  capped === null ? outcome : { ...outcome, status: 'completed', error: capped };

/** Why a CLI run did not end normally, in words for the attempt record; null when it exited 0. */
export const processProblem = (name: string, outcome: ProcessOutcome, timeoutMs: number, quiet?: Quiet): string | null => {
  if (outcome.error !== null) return `${name} could not be started: ${outcome.error}`;
  const after = `after ${quiet?.lastEvent ?? 'starting (no event printed)'}`;
  if (quiet?.stalled === true) {
    return `${name} stalled: no output for ${seconds(quiet.silentMs)} s ${after}, stopped by agent.stallTimeout (${seconds(quiet.stallMs ?? 0)} s); the model stream or a tool hung: check the model server, or raise agent.stallTimeout`;
  }
  if (outcome.timedOut) {
    // A run silent for most of its time did not need longer: its stream stalled.
    const stalled = quiet !== undefined && quiet.silentMs >= 10_000 && quiet.silentMs >= timeoutMs / 2;
    return stalled
      ? `${name} timed out after ${seconds(timeoutMs)} s with no output for the last ${seconds(quiet.silentMs)} s ${after} (a stalled model stream or a hung tool); check the model server, set agent.stallTimeout to stop such runs sooner, or raise agent.timeout if it needs longer`
      : `${name} timed out after ${seconds(timeoutMs)} s and was stopped; raise agent.timeout if it needs longer`;
  }
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

const seconds = (ms: number): number => Math.round(ms / 1000);
