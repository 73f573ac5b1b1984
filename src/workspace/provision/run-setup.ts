import { join } from 'node:path';
import { isAllowedEnvName } from '../../core/trust/env-allow-list.js';
import { runProcessGroup } from '../../process/process-group.js';

/** Why `workspace.setup` failed: the command, how it ended and the end of its output. */
export interface SetupFailure {
  command: string;
  /** "exited with code 1", "timed out after 600 s", "could not start: …", "was canceled". */
  ended: string;
  /** The last lines of its stderr (stdout when stderr is empty). */
  output: string;
}

export interface SetupRun {
  durationMs: number;
  failure: SetupFailure | null;
}

const lastLines = (text: string, count: number): string => text.trimEnd().split('\n').slice(-count).join('\n');

/**
 * Runs the setup commands one after the other through `/bin/sh -c` in the worktree, each with a
 * timeout, as a process group whose whole tree is stopped at the end; the first failure stops the
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
}): Promise<SetupRun> => {
  const started = performance.now();
  for (const [index, command] of input.commands.entries()) {
    const outcome = await runProcessGroup({
      file: command,
      shell: true,
      cwd: input.worktree,
      env: input.env,
      withholdEnv: (name) => !isAllowedEnvName(name),
      timeoutMs: input.timeoutMs,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
      stdoutFile: join(input.logDir, `setup-${index + 1}.stdout.log`),
      stderrFile: join(input.logDir, `setup-${index + 1}.stderr.log`),
      tailBytes: 4000,
    });
    if (outcome.exitCode === 0) continue;
    const ended = outcome.error !== null
      ? `could not start: ${outcome.error}`
      : outcome.timedOut
        ? `timed out after ${Math.round(input.timeoutMs / 1000)} s`
        : outcome.canceled
          ? 'was canceled'
          : outcome.signal !== null ? `was killed by ${outcome.signal}` : `exited with code ${outcome.exitCode ?? 'none'}`;
    const output = lastLines(outcome.stderrTail.trim() === '' ? outcome.stdoutTail : outcome.stderrTail, 8);
    return { durationMs: performance.now() - started, failure: { command, ended, output } };
  }
  return { durationMs: performance.now() - started, failure: null };
};
