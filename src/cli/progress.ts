import { stripControl } from '../core/text/terminal-text.js';

interface Progress {
  /** Prints a line above the live progress line (or plainly when not live). */
  print: (line: string) => void;
  /** Starts following a run in its database. */
  follow: (dbFile: string, runId: string) => void;
  stop: () => void;
}

/**
 * Live progress on a TTY: one line redrawn every second from the store (read through its own
 * connection, as `swarm status` would), with event lines printed above it.
 */
export const startProgress = (options: { enabled: boolean; color: boolean }): Progress => {
  let timer: NodeJS.Timeout | null = null;
  let close: (() => void) | null = null;
  let drawn = false;
  const clear = (): void => {
    if (drawn) process.stderr.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    print: (line) => {
      clear();
      // Lines quote evaluator and agent text: no control sequence of theirs reaches the terminal.
      process.stderr.write(`${stripControl(line)}\n`);
    },
    follow: (dbFile, runId) => {
      if (!options.enabled || timer) return;
      void (async () => {
        const { runProgress } = await import('../index.js');
        const { renderProgressLine } = await import('./render/status-table.js');
        const progress = await runProgress({ dbFile, runId });
        close = () => progress.close();
        timer = setInterval(() => {
          try {
            const line = renderProgressLine(progress.read(), Date.now());
            process.stderr.write(`\r\x1b[2K${line.slice(0, (process.stderr.columns ?? 120) - 1)}`);
            drawn = true;
          } catch {
            // A busy database skips one frame; the next second redraws.
          }
        }, 1000);
        timer.unref();
      })();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
      clear();
      close?.();
      close = null;
    },
  };
};
