import { stat } from 'node:fs/promises';

/** How long a CLI's output stayed silent, and whether that stopped it. */
export interface Quiet {
  /** Time since its stdout last grew, when it ended (ms). */
  silentMs: number;
  /** Stopped by `stallMs` of silence (agent.stallTimeout). */
  stalled: boolean;
  /** agent.stallTimeout in ms; null = off. */
  stallMs: number | null;
  /** The last event it printed ("system/init", "turn.started"), null when it printed none. */
  lastEvent: string | null;
}

const POLL_MS = 500;

/**
 * Watches a growing output file: how long it has been silent, and `onStall` once `stallMs` pass
 * without a new byte (a stream that stalls after its first event, not a run that needs time).
 */
export const watchOutput = (file: string, stallMs: number | null, onStall: () => void): { silentMs: () => number; stop: () => void; stalled: () => boolean } => {
  let size = -1;
  let changedAt = Date.now();
  let stalled = false;
  const timer = setInterval(() => {
    void stat(file).then((s) => s.size, () => 0).then((now) => {
      if (now !== size) {
        size = now;
        changedAt = Date.now();
      } else if (!stalled && stallMs !== null && Date.now() - changedAt >= stallMs) {
        stalled = true;
        onStall();
      }
    });
  }, Math.min(POLL_MS, stallMs ?? POLL_MS));
  timer.unref();
  return { silentMs: () => Date.now() - changedAt, stop: () => clearInterval(timer), stalled: () => stalled };
};

/** The last JSON event of a JSONL stream as `type/subtype` (or `type`); null when there is none. */
export const lastEventOf = (stdout: string): string | null => {
  const lines = stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    let value: unknown;
    try {
      value = JSON.parse(lines[i] ?? '');
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null || !('type' in value) || typeof value.type !== 'string') continue;
    const subtype = 'subtype' in value && typeof value.subtype === 'string' ? `/${value.subtype}` : '';
    return `${value.type}${subtype}`;
  }
  return null;
};
