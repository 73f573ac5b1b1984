// The score of the deceptive-2 task (protected; README.md gives the formula): two Gaussian basins
// in log-parameter space. The trap is broad and close to the baseline and peaks at 0.70; the better
// basin is narrower and farther away, peaks at 1.0 and scores above 0.70 only near its centre.

export const TRAP = { center: [1.1, 1.6, 1.8], spread: 0.9, peak: 0.7 };
export const BETTER = { center: [0.36, 4.5, 2.7], spread: 0.5, peak: 1.0 };

const logDistanceSquared = (point, center) => point.reduce((sum, value, i) => sum + Math.log(value / center[i]) ** 2, 0);
const basin = (point, { center, spread, peak }) => peak * Math.exp(-logDistanceSquared(point, center) / (2 * spread * spread));

/** Each basin's term at [rate, width, depth]; both 0 unless every parameter is a positive finite number. */
export const basinScores = (point) => {
  if (point.length !== 3 || !point.every((v) => Number.isFinite(v) && v > 0)) return { trap: 0, better: 0 };
  return { trap: basin(point, TRAP), better: basin(point, BETTER) };
};

/** The quality: the higher of the two basins' terms. */
export const quality = (point) => {
  const { trap, better } = basinScores(point);
  return Math.max(trap, better);
};
