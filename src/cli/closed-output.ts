const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

/**
 * A reader that goes away (`swarm run | head -2`, a closed terminal) must not kill the command:
 * without a listener, the EPIPE of the next write is an uncaught error, and a driver that dies of
 * it leaves its run looking alive. Output to a closed stream is dropped; the command goes on.
 * Other write errors (a full disk under a redirected stdout) go to `onFailure`, which returns
 * whether it dealt with them; the rest are thrown as before.
 */
export const surviveClosedOutput = (onFailure: (error: Error) => boolean = () => false): void => {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: Error) => {
      if ('code' in error && typeof error.code === 'string' && CLOSED.has(error.code)) return;
      if (onFailure(error)) return;
      throw error;
    });
  }
};
