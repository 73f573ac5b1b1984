// Evaluator of the circle-packing task (do not edit: swarm protects this file).
// Runs `node pack.js`, checks the packing and prints one JSON line as the LAST line of stdout:
//   {"sum_radii": S, "ratio": S / 2.635, "valid": true, "circles": 26}
// An invalid packing prints {"valid": false, "sum_radii": 0, ..., "feedback": "which check failed"}.
// It always exits 0: an invalid program is a result, not a crash of the evaluator.
// Environment (swarm's evaluator contract): SWARM_RESULT_FILE, when set, also receives the JSON;
// SWARM_SEED and SWARM_STAGE are accepted but unused (the task is deterministic).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const N = 26;
const BEST_KNOWN = 2.635;
const TOLERANCE = 1e-6;
const TIMEOUT_MS = 30_000;

const report = (result) => {
  const line = JSON.stringify(result);
  if (process.env.SWARM_RESULT_FILE) writeFileSync(process.env.SWARM_RESULT_FILE, `${line}\n`);
  console.log(line);
  process.exit(0);
};

const invalid = (feedback) => report({ sum_radii: 0, ratio: 0, valid: false, feedback });

const run = spawnSync(process.execPath, ['pack.js'], {
  encoding: 'utf8',
  timeout: TIMEOUT_MS,
  killSignal: 'SIGKILL',
  maxBuffer: 16 * 1024 * 1024,
});
if (run.error?.code === 'ETIMEDOUT') invalid(`pack.js did not finish within ${TIMEOUT_MS / 1000} s`);
if (run.error) invalid(`could not run pack.js: ${run.error.message}`);
if (run.status !== 0) {
  // Node prints the location first, then the error, then the stack: keep the error and where.
  const lines = (run.stderr || '').split('\n').map((line) => line.trim()).filter(Boolean);
  const error = lines.find((line) => /^[A-Za-z]*Error\b/.test(line)) ?? lines.at(-1) ?? '';
  const where = /pack\.js:\d+/.exec(lines[0] ?? '')?.[0];
  const detail = error ? `: ${error}${where ? ` (at ${where})` : ''}` : '';
  invalid(`pack.js exited with ${run.signal ? `signal ${run.signal}` : `code ${run.status}`}${detail}`);
}

const lastJson = (run.stdout || '').trim().split('\n').reverse().find((line) => line.trim().startsWith('{'));
let parsed;
try {
  parsed = JSON.parse(lastJson ?? '');
} catch {
  invalid('pack.js printed no JSON line like {"circles": [[x, y, r], ...]}');
}
const circles = parsed?.circles;
if (!Array.isArray(circles)) invalid('the JSON printed by pack.js has no "circles" array');
if (circles.length !== N) invalid(`expected ${N} circles, got ${circles.length}`);
circles.forEach((circle, i) => {
  if (!Array.isArray(circle) || circle.length !== 3) invalid(`circle ${i} is not an [x, y, r] triple`);
  if (!circle.every((value) => typeof value === 'number' && Number.isFinite(value))) invalid(`circle ${i} has a non-finite value: ${JSON.stringify(circle)}`);
  const [x, y, r] = circle;
  if (r < 0) invalid(`circle ${i} has a negative radius ${r}`);
  const outside = Math.max(r - x, r - y, x + r - 1, y + r - 1);
  if (outside > TOLERANCE) invalid(`circle ${i} at (${x.toFixed(4)}, ${y.toFixed(4)}) with r=${r.toFixed(4)} sticks out of the unit square by ${outside.toPrecision(3)}`);
});
for (let i = 0; i < N; i += 1) {
  for (let j = i + 1; j < N; j += 1) {
    const [xi, yi, ri] = circles[i];
    const [xj, yj, rj] = circles[j];
    const overlap = ri + rj - Math.hypot(xi - xj, yi - yj);
    if (overlap > TOLERANCE) invalid(`circles ${i} and ${j} overlap by ${overlap.toPrecision(3)}`);
  }
}
const sum = circles.reduce((total, [, , r]) => total + r, 0);
report({ sum_radii: sum, ratio: sum / BEST_KNOWN, valid: true, circles: N });
