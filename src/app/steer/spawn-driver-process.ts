import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startDetached } from '../../process/start-detached.js';
import { swarmCliPath } from '../project/cli-path.js';
import type { ProjectPaths } from '../project/project-paths.js';

/** The line the driver prints on stdout once it owns the run and the baseline is scored. */
export const READY_LINE = 'swarm-spawn-driver: ready';
export const FAILED_LINE = 'swarm-spawn-driver: failed';

const tail = (file: string): string => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-6).join('\n');
  } catch {
    return '';
  }
};

/**
 * Starts the background driver (`swarm __drive-spawned`) detached from this process and waits
 * until it says ready (it owns the run, the baseline is evaluated) or fails. Its stderr goes
 * to `.swarm/logs/spawn-driver.log`. A failure is returned, not thrown: the caller knows whether
 * another driver won the start.
 */
export const startSpawnDriver = async (root: string, paths: ProjectPaths): Promise<{ pid: number | null; failure: string | null }> => {
  mkdirSync(paths.logsDir, { recursive: true });
  const logFile = join(paths.logsDir, 'spawn-driver.log');
  const child = startDetached(process.execPath, [swarmCliPath(), '__drive-spawned'], { cwd: root, stderrFile: logFile });
  const outcome = await new Promise<{ ok: true } | { ok: false; message: string }>((resolve) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith(READY_LINE)) resolve({ ok: true });
      else if (line.startsWith(FAILED_LINE)) resolve({ ok: false, message: line.slice(FAILED_LINE.length).replace(/^[:\s]+/, '') });
    });
    void child.ended.then((ended) => resolve({ ok: false, message: ended.startError ?? `it exited with code ${ended.exitCode ?? 'null'}: ${tail(logFile)}` }));
  });
  child.release();
  return { pid: child.pid, failure: outcome.ok ? null : outcome.message };
};
