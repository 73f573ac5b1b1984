/** A wait for a limit to lift, as status and progress lines name it. */
export interface WaitView {
  backend: string;
  kind: 'rate-limit' | 'usage-limit';
  /** When the wait ends (ms since the epoch). */
  until: number;
  detail: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `14:03:27` today, `Dec 3 14:03` on another day (local time). */
export const formatUntil = (until: number, now: number): string => {
  const at = new Date(until);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  if (at.toDateString() === new Date(now).toDateString()) return clock;
  return `${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} ${clock.slice(0, 5)}`;
};

const formatLeft = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
};

/** "anthropic rate limit until 14:03:27 (in 2 s): HTTP 429, retry-after 2". */
export const describeWait = (wait: WaitView, now: number): string =>
  `${wait.backend} ${wait.kind.replace('-', ' ')} until ${formatUntil(wait.until, now)} (in ${formatLeft(wait.until - now)})${wait.detail ? `: ${wait.detail}` : ''}`;
