const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * A duration for humans: `850ms`, `12.3s`, `4m05s`, `2h07m`, `3d04h`. Negative or non-finite input
 * reads as zero (clocks of different machines may disagree slightly).
 */
export const formatDuration = (ms: number): string => {
  const value = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const millis = Math.round(value);
  if (millis < 1000) return `${millis}ms`;
  const tenths = Math.round(value / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const seconds = Math.round(value / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${pad2(seconds % 60)}s`;
  const minutes = Math.round(value / 60_000);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h${pad2(minutes % 60)}m`;
  const hours = Math.round(value / 3_600_000);
  return `${Math.floor(hours / 24)}d${pad2(hours % 24)}h`;
};

/** Money for humans: `$1.23`, or four decimals below a cent so that small runs do not read as free. */
export const formatCost = (usd: number): string => (usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`);
