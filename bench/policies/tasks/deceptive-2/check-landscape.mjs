#!/usr/bin/env node
// Random-sampling check of the deceptive-2 landscape (README.md reports its figures). Uses the
// built local agent (run `npm run build` first) to draw the moves it makes on design.js:
//   1. uniform samples, log-uniform within a factor 10 of the baseline on each constant;
//   2. explorer moves (3 constants re-randomized) from the baseline and from the trap's peak;
//   3. optimizer-style hill climbs (1–2 constants in 5 % steps, kept when better) from the
//      baseline and from a point on the better basin's outskirts.
// Usage: node bench/policies/tasks/deceptive-2/check-landscape.mjs [samples (100000)]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BETTER, TRAP, basinScores, quality } from './landscape.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', '..', '..', 'dist');
const { createRng } = await import(join(dist, 'core', 'random.js'));
const { planMutation, toEvolveSource } = await import(join(dist, 'agents', 'local', 'plan-mutation.js'));

const samples = Number(process.argv[2] ?? 100_000);
const template = readFileSync(join(here, 'design.js'), 'utf8');
const pointOf = (source) => source.literals.map((literal) => literal.value);
const withPoint = (point) => {
  const source = toEvolveSource('design.js', template);
  const edits = source.literals.map((literal, i) => ({ literal, text: String(point[i]) })).reverse();
  return toEvolveSource('design.js', edits.reduce((text, { literal, text: value }) => text.slice(0, literal.start) + value + text.slice(literal.end), template));
};
const percent = (count, total) => `${((100 * count) / total).toFixed(2)} %`;
const peak = TRAP.peak;

const baseline = toEvolveSource('design.js', template);
const baselinePoint = pointOf(baseline);
console.log(`baseline ${baselinePoint.join(', ')}: score ${quality(baselinePoint).toFixed(3)}; trap peak ${peak} at ${TRAP.center.join(', ')}; better peak ${BETTER.peak} at ${BETTER.center.join(', ')}`);

// 1. Uniform sampling.
const rng = createRng(20261201);
let inBetter = 0;
let aboveTrapPeak = 0;
let best = 0;
for (let k = 0; k < samples; k++) {
  const point = baselinePoint.map((v) => v * 10 ** (2 * rng.next() - 1));
  const { trap, better } = basinScores(point);
  best = Math.max(best, trap, better);
  if (better > trap) {
    inBetter += 1;
    if (better > peak) aboveTrapPeak += 1;
  }
}
console.log(`uniform (×/÷10 around the baseline, ${samples} samples): trap basin ${percent(samples - inBetter, samples)}, better basin ${percent(inBetter, samples)}; ${percent(inBetter - aboveTrapPeak, inBetter)} of the better basin (its outskirts) scores below the trap's peak, ${percent(aboveTrapPeak, samples)} of all samples above it; best sample ${best.toFixed(3)}`);

// 2. Explorer moves.
const explorerFrom = (name, source) => {
  let better = 0;
  let above = 0;
  let improved = 0;
  const start = quality(pointOf(source));
  for (let seed = 1; seed <= samples; seed++) {
    const plan = planMutation([source], 3, createRng(seed), { mode: 'explore', stepScale: 0.05 });
    const point = pointOf(toEvolveSource('design.js', plan.texts.get('design.js') ?? template));
    const scores = basinScores(point);
    if (scores.better > scores.trap) better += 1;
    if (quality(point) > peak) above += 1;
    if (quality(point) > start) improved += 1;
  }
  console.log(`explorer from ${name} (score ${start.toFixed(3)}): improves ${percent(improved, samples)}, lands in the better basin ${percent(better, samples)}, above the trap's peak ${percent(above, samples)}`);
};
explorerFrom('the baseline', baseline);
explorerFrom("the trap's peak", withPoint(TRAP.center));

// 3. Hill climbs with optimizer steps.
const climb = (source, steps, seed) => {
  const random = createRng(seed);
  let current = source;
  let score = quality(pointOf(current));
  for (let step = 0; step < steps; step++) {
    const plan = planMutation([current], 1 + random.int(2), random, { mode: 'step', stepScale: 0.05 });
    const next = toEvolveSource('design.js', plan.texts.get('design.js') ?? current.text);
    const nextScore = quality(pointOf(next));
    if (nextScore > score) [current, score] = [next, nextScore];
  }
  return score;
};
const climbs = (name, source, steps, runs = 20) => {
  const finals = Array.from({ length: runs }, (_, i) => climb(source, steps, i + 1));
  const escaped = finals.filter((s) => s > peak).length;
  const sorted = [...finals].sort((a, b) => a - b);
  console.log(`hill climb from ${name}, ${steps} steps × ${runs}: above the trap's peak in ${escaped}/${runs}; final scores ${sorted[0].toFixed(3)}–${sorted.at(-1).toFixed(3)} (median ${sorted[Math.floor(runs / 2)].toFixed(3)})`);
};
climbs('the baseline', baseline, 200);
// An outskirt point: on the line from the better centre towards the trap, where the better term is 0.45.
const direction = BETTER.center.map((c, i) => Math.log(TRAP.center[i] / c));
const length = Math.hypot(...direction);
const radius = BETTER.spread * Math.sqrt(2 * Math.log(BETTER.peak / 0.45));
const outskirt = BETTER.center.map((c, i) => Number((c * Math.exp((direction[i] / length) * radius)).toPrecision(3)));
const outskirtScores = basinScores(outskirt);
console.log(`outskirt point ${outskirt.join(', ')}: better term ${outskirtScores.better.toFixed(3)}, trap term ${outskirtScores.trap.toFixed(3)}`);
climbs('the outskirt point', withPoint(outskirt), 40);
