import { createWriteStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { execa } from 'execa';

/** A background process meant to outlive this one (the driver of `swarm spawn`). */
export interface DetachedProcess {
  pid: number | null;
  /** Its stdout, read until `release()`. */
  stdout: Readable;
  /** Settles if it ends (or fails to start) while this process still watches it. */
  ended: Promise<{ exitCode: number | null; startError: string | null }>;
  /** Stops reading its stdout and lets this process exit without waiting for it. */
  release(): void;
}

/**
 * Starts `file` in its own session, stdin closed and stderr appended to `stderrFile`. The file
 * goes to the child as a descriptor (a stream with an open `fd` is passed through, not piped), so
 * the log outlives this process too.
 */
export const startDetached = (file: string, args: readonly string[], options: { cwd: string; stderrFile: string }): DetachedProcess => {
  const log = createWriteStream('', { fd: openSync(options.stderrFile, 'a') });
  const child = execa(file, args, { cwd: options.cwd, detached: true, stdin: 'ignore', stdout: 'pipe', stderr: log, buffer: false, reject: false });
  log.destroy(); // the child holds its own copy
  const ended = new Promise<{ exitCode: number | null; startError: string | null }>((resolve) => {
    child.once('exit', (code) => resolve({ exitCode: code, startError: null }));
    child.once('error', (error) => resolve({ exitCode: null, startError: error.message }));
  });
  return {
    pid: child.pid ?? null,
    stdout: child.stdout,
    ended,
    release: () => {
      child.stdout.destroy();
      child.unref();
    },
  };
};
