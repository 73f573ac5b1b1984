// Packs 26 circles into the unit square, trying to maximize the sum of their radii.
// Prints {"circles": [[x, y, r], ...]} on stdout. Run: node pack.js
//
// The layout is a few staggered rows of centers; every number in the EVOLVE-BLOCK below is a
// tunable choice of that layout. Radii are then computed so the packing is always feasible.

const N = 26;

// EVOLVE-BLOCK-START
const ROW_COUNTS = [6, 6, 5, 5, 4]; // circles per row, bottom to top
const MARGIN_X = 0.14; // distance from the left/right walls to the outer centers of a row
const MARGIN_Y = 0.15; // distance from the bottom/top walls to the first/last row
const ROW_SHIFT = 0.3; // odd rows shift right by this fraction of their spacing
const ROW_BOW = 0.02; // rows bend up in the middle by this much
const EDGE_PULL = 0.0; // outer centers of a row move towards the wall by this much
const JITTER = 0.015; // random displacement of every center
const JITTER_SEED = 7; // seed of that displacement
const GROW_FROM_SMALL = 1; // 1: grow the smallest circles first in the final pass
// EVOLVE-BLOCK-END

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

/** Feasible radii: half the nearest-neighbour distance, capped by the walls, then a greedy growth pass. */
const computeRadii = (centers) => {
  const wall = centers.map(([x, y]) => Math.min(x, y, 1 - x, 1 - y));
  const distance = (i, j) => Math.hypot(centers[i][0] - centers[j][0], centers[i][1] - centers[j][1]);
  const radii = centers.map((_, i) => {
    let r = wall[i];
    for (let j = 0; j < centers.length; j += 1) if (j !== i) r = Math.min(r, distance(i, j) / 2);
    return Math.max(0, r);
  });
  const order = centers.map((_, i) => i);
  if (GROW_FROM_SMALL >= 1) order.sort((a, b) => radii[a] - radii[b]);
  for (const i of order) {
    let room = wall[i];
    for (let j = 0; j < centers.length; j += 1) if (j !== i) room = Math.min(room, distance(i, j) - radii[j]);
    radii[i] = Math.max(radii[i], room);
  }
  return radii;
};

const centers = layoutCenters();
const radii = computeRadii(centers);
const round = (value) => Math.floor(value * 1e9) / 1e9;
console.log(JSON.stringify({ circles: centers.map(([x, y], i) => [x, y, round(radii[i])]) }));
