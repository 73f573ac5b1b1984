export type Direction = 'maximize' | 'minimize';

/** True when `candidate` strictly beats `incumbent` in the given direction (null never wins). */
export const isBetter = (candidate: number | null, incumbent: number | null, direction: Direction): boolean => {
  if (candidate === null || !Number.isFinite(candidate)) return false;
  if (incumbent === null || !Number.isFinite(incumbent)) return true;
  return direction === 'maximize' ? candidate > incumbent : candidate < incumbent;
};

/** Sort comparator putting the best score first; unscored last. */
export const compareScores = (direction: Direction) => (a: number | null, b: number | null): number => {
  if (a === b) return 0;
  if (isBetter(a, b, direction)) return -1;
  if (isBetter(b, a, direction)) return 1;
  return 0;
};

/** Formats a score for humans: up to 6 significant digits, `—` when absent. */
export const formatScore = (score: number | null): string =>
  score === null ? '—' : Number.isInteger(score) ? String(score) : String(Number(score.toPrecision(6)));
