import { join } from 'node:path';
import type { AgentLauncher } from '../../core/ports/index.js';
import { errorCause } from '../../core/evaluation/error-cause.js';
import { isAllowedEnvName } from '../../core/trust/env-allow-list.js';
import { runProcessGroup, type ProcessOutcome } from '../../process/process-group.js';

/** Why `workspace.setup` failed: the command, how it ended and the end of its output. */
export interface SetupFailure {
  command: string;
  /** "exited with code 1", "timed out after 600 s", "could not start: …", "was canceled". */
  ended: string;
  /** The last lines of its stderr (stdout when stderr is empty). */
  output: string;
  /** The line of its output that says why (npm's reason, failing tests, an error line); absent or null: none found. */
  cause?: string | null;
}

export interface SetupRun {
  durationMs: number;
  failure: SetupFailure | null;
}

/** How often a running setup command is shown still running. */
const PROGRESS_EVERY_MS = 15_000;

const lastLines = (text: string, count: number): string => text.trimEnd().split('\n').slice(-count).join('\n');

/**
 * Runs the setup commands one after the other through `/bin/sh -c` in the worktree, each with a
 * timeout, as a process group whose whole tree is stopped at the end (or, given a `launcher`, where
 * it places them: a batch job on the node the attempt's agent runs on); the first failure stops the
 * rest. Output goes to `<logDir>/setup-<n>.stdout.log` and `.stderr.log`. Never throws for a
 * failing command.
 */
export const runSetup = async (input: {
  worktree: string;
  commands: readonly string[];
  env: Record<string, string>;
  timeoutMs: number;
  logDir: string;
  signal?: AbortSignal;
  /** Where the commands run (agent.runner "slurm": a batch job each); absent = a process group here. */
  launcher?: AgentLauncher;
  /** Told what runs, every PROGRESS_EVERY_MS while it runs, and how long it took: a first install is no silent minute. */
  progress?: (line: string) => void;
}): Promise<SetupRun> => {
  const started = performance.now();
  for (const [index, command] of input.commands.entries()) {
    const commandStarted = performance.now();
    const seconds = (): string => `${((performance.now() - commandStarted) / 1000).toFixed(1)} s`;
    input.progress?.(`setup ${index + 1}/${input.commands.length}: \`${command}\` …`);
    const ticker = input.progress === undefined ? null : setInterval(() => input.progress?.(`setup ${index + 1}/${input.commands.length}: \`${command}\` still running (${seconds()})`), PROGRESS_EVERY_MS);
    ticker?.unref();
    const files = { stdoutFile: join(input.logDir, `setup-${index + 1}.stdout.log`), stderrFile: join(input.logDir, `setup-${index + 1}.stderr.log`) };
    const outcome: ProcessOutcome = input.launcher === undefined
      ? await runProcessGroup({
        file: command,
        shell: true,
        cwd: input.worktree,
        env: input.env,
        withholdEnv: (name) => !isAllowedEnvName(name),
        timeoutMs: input.timeoutMs,
        ...(input.signal === undefined ? {} : { signal: input.signal }),
        ...files,
        // npm appends ~4 kB of usage text after its reason (`npm ci` without a lock file).
        tailBytes: 16_000,
      })
      // The launcher's job gets its base environment and these named variables, never the driver's whole one.
      : await input.launcher.launch({ file: '/bin/sh', args: ['-c', command], cwd: input.worktree, env: input.env, timeoutMs: input.timeoutMs, ...files, stdin: 'ignore', signal: input.signal ?? new AbortController().signal });
    if (ticker !== null) clearInterval(ticker);
    input.progress?.(`setup ${index + 1}/${input.commands.length}: \`${command}\` ${outcome.exitCode === 0 ? 'done' : 'failed'} in ${seconds()}`);
    if (outcome.exitCode === 0) continue;
    const ended = outcome.error !== null
      ? `could not start: ${outcome.error}`
      : outcome.timedOut
        ? `timed out after ${Math.round(input.timeoutMs / 1000)} s`
        : outcome.canceled
          ? 'was canceled'
          : outcome.signal !== null ? `was killed by ${outcome.signal}` : `exited with code ${outcome.exitCode ?? 'none'}`;
    const output = lastLines(outcome.stderrTail.trim() === '' ? outcome.stdoutTail : outcome.stderrTail, 8);
    const cause = outcome.error !== null || outcome.timedOut || outcome.canceled ? null : errorCause(outcome.stderrTail, outcome.stdoutTail);
    return { durationMs: performance.now() - started, failure: { command, ended, output, cause } };
  }
  return { durationMs: performance.now() - started, failure: null };
};
