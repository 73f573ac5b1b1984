// Packs 26 circles into the unit square, trying to maximize the sum of their radii.
// Prints {"circles": [[x, y, r], ...]} on stdout. Run: node pack.js
//
// The layout is a few staggered rows of centers; every number in the EVOLVE-BLOCK below is a
// tunable choice of that layout. The radii are then the best ones for those centers (a small
// linear program), so every layout gives a valid packing.

const N = 26;

// EVOLVE-BLOCK-START
const ROW_COUNTS = [6, 6, 5, 5, 4]; // circles per row, bottom to top
const MARGIN_X = 0.14; // distance from the left/right walls to the outer centers of a row
const MARGIN_Y = 0.15; // distance from the bottom/top walls to the first/last row
const ROW_SHIFT = 0.3; // odd rows shift right by this fraction of their spacing
const ROW_BOW = 0.02; // rows bend up in the middle by this much
const EDGE_PULL = 0.0; // outer centers of a row move towards the wall by this much
const JITTER = 0.015; // random displacement of every center
// EVOLVE-BLOCK-END

const JITTER_SEED = 7;

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

const random = (seed) => {
  let state = (Math.floor(seed) >>> 0) || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
};

/** Centers on staggered rows, then extra centers in the biggest gaps or trimming to N. */
const layoutCenters = () => {
  const counts = ROW_COUNTS.map((count) => Math.max(1, Math.round(count)));
  const rows = counts.length;
  const rand = random(JITTER_SEED);
  const centers = [];
  counts.forEach((count, row) => {
    const y = rows === 1 ? 0.5 : MARGIN_Y + (row * (1 - 2 * MARGIN_Y)) / (rows - 1);
    const spacing = count === 1 ? 0 : (1 - 2 * MARGIN_X) / (count - 1);
    for (let i = 0; i < count; i += 1) {
      const t = count === 1 ? 0.5 : i / (count - 1);
      const shift = row % 2 === 1 ? ROW_SHIFT * spacing : 0;
      const edge = i === 0 ? -EDGE_PULL : i === count - 1 ? EDGE_PULL : 0;
      const x = (count === 1 ? 0.5 : MARGIN_X + i * spacing) + shift + edge;
      const bow = ROW_BOW * Math.sin(Math.PI * t);
      centers.push([
        clamp(x + JITTER * (rand() - 0.5), 0.001, 0.999),
        clamp(y + bow + JITTER * (rand() - 0.5), 0.001, 0.999),
      ]);
    }
  });
  while (centers.length > N) centers.pop();
  while (centers.length < N) centers.push(biggestGap(centers));
  return centers;
};

/** The grid point farthest from every center and wall. */
const biggestGap = (centers) => {
  let best = [0.5, 0.5];
  let bestRoom = -1;
  for (let gx = 1; gx < 40; gx += 1) {
    for (let gy = 1; gy < 40; gy += 1) {
      const x = gx / 40;
      const y = gy / 40;
      let room = Math.min(x, y, 1 - x, 1 - y);
      for (const [cx, cy] of centers) room = Math.min(room, Math.hypot(x - cx, y - cy) / 2);
      if (room > bestRoom) {
        bestRoom = room;
        best = [x, y];
      }
    }
  }
  return best;
};

/**
 * The radii that maximize their sum for these centers: a small linear program
 * (max sum r  s.t.  r_i + r_j <= d_ij,  r_i <= distance to the nearest wall,  r >= 0)
 * solved with the simplex method. Every set of centers therefore gets a valid packing.
 */
const computeRadii = (centers) => {
  const n = centers.length;
  const rows = [];
  centers.forEach(([x, y], i) => rows.push({ coefficients: [[i, 1]], bound: Math.min(x, y, 1 - x, 1 - y) }));
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const d = Math.hypot(centers[i][0] - centers[j][0], centers[i][1] - centers[j][1]);
      rows.push({ coefficients: [[i, 1], [j, 1]], bound: d });
    }
  }
  return maximizeSum(n, rows);
};

/** Simplex on a dense tableau; the origin is feasible (all bounds >= 0), Bland's rule avoids cycling. */
const maximizeSum = (n, rows) => {
  const m = rows.length;
  const width = n + m + 1;
  const tableau = rows.map((row, r) => {
    const line = new Float64Array(width);
    for (const [column, value] of row.coefficients) line[column] = value;
    line[n + r] = 1;
    line[width - 1] = Math.max(0, row.bound);
    return line;
  });
  const objective = new Float64Array(width);
  for (let column = 0; column < n; column += 1) objective[column] = -1;
  const basis = rows.map((_, r) => n + r);
  for (let iteration = 0; iteration < 5000; iteration += 1) {
    let entering = -1;
    for (let column = 0; column < width - 1; column += 1) {
      if (objective[column] < -1e-12) {
        entering = column;
        break;
      }
    }
    if (entering === -1) break;
    let leaving = -1;
    let bestRatio = Infinity;
    for (let r = 0; r < m; r += 1) {
      const a = tableau[r][entering];
      if (a > 1e-12) {
        const ratio = tableau[r][width - 1] / a;
        if (ratio < bestRatio - 1e-12 || (Math.abs(ratio - bestRatio) <= 1e-12 && basis[r] < basis[leaving])) {
          bestRatio = ratio;
          leaving = r;
        }
      }
    }
    if (leaving === -1) break;
    pivot(tableau, objective, leaving, entering);
    basis[leaving] = entering;
  }
  const radii = new Array(n).fill(0);
  basis.forEach((column, r) => {
    if (column < n) radii[column] = Math.max(0, tableau[r][width - 1]);
  });
  return radii;
};

const pivot = (tableau, objective, leaving, entering) => {
  const pivotRow = tableau[leaving];
  const scale = pivotRow[entering];
  for (let c = 0; c < pivotRow.length; c += 1) pivotRow[c] /= scale;
  for (const line of [...tableau, objective]) {
    if (line === pivotRow) continue;
    const factor = line[entering];
    if (factor === 0) continue;
    for (let c = 0; c < line.length; c += 1) line[c] -= factor * pivotRow[c];
  }
};

const centers = layoutCenters();
const radii = computeRadii(centers);
const round = (value) => Math.floor(value * 1e9) / 1e9;
console.log(JSON.stringify({ circles: centers.map(([x, y], i) => [x, y, round(radii[i])]) }));
