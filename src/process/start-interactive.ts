import { execa } from 'execa';

/** A child that is talked to while it runs (a request on stdin, an answer on stdout). */
export interface InteractiveProcess {
  stdin: NodeJS.WritableStream;
  stdout: NodeJS.ReadableStream;
  kill(): void;
  /** Settles when the child exits; never rejects because of the child. */
  done: Promise<{ exitCode: number | null; stderr: string }>;
}

/**
 * Starts `file` in its own process group (a terminal Ctrl-C must not break it half way), with
 * stdin and stdout piped for a conversation and stderr kept for the error message.
 */
export const startInteractive = (file: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): InteractiveProcess => {
  const child = execa(file, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    detached: true,
    buffer: { stdout: false, stderr: true },
  });
  return {
    stdin: child.stdin,
    stdout: child.stdout,
    kill: () => {
      child.kill();
    },
    done: child.then((result) => ({ exitCode: result.exitCode ?? null, stderr: String(result.stderr ?? '') })),
  };
};
