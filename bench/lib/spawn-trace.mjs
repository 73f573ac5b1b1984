import { existsSync, readFileSync } from 'node:fs';

/** Reads the JSON lines written by trace-spawn.mjs. */
export const readSpawnTrace = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line))
    : [];

/**
 * Children spawned during each attempt's life cycle window [createdAt, createdAt + lifecycleMs):
 * how many git processes, how many of them wrote nothing (each costs simple-git's 50 ms wait),
 * and the wall time spent inside git processes.
 */
export const spawnsPerAttempt = (rows, trace) =>
  rows
    .filter((row) => row.lifecycleMs !== null)
    .map((row) => {
      const inside = trace.filter((s) => s.start >= row.createdAt && s.start < row.createdAt + row.lifecycleMs);
      const gits = inside.filter((s) => s.git);
      return {
        id: row.id,
        role: row.role,
        lifecycleMs: row.lifecycleMs,
        overheadMs: row.overheadMs,
        gitCalls: gits.length,
        silentGitCalls: gits.filter((s) => !s.output).length,
        gitMs: gits.reduce((t, s) => t + (s.end - s.start), 0),
        silentCommands: gits.filter((s) => !s.output).map((s) => s.argv.split(' ').slice(1, 3).join(' ')),
      };
    });
