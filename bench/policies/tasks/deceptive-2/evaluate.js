// Evaluator of the deceptive-2 benchmark task (protected): runs design.js and prints one JSON line
// {"score": q, "output_hash": h}: q from landscape.js, h a hash of the program's output (so an attempt
// whose change never affects the output is flagged "output-unchanged"). No family or basin label is
// reported. Always exits 0.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { quality } from './landscape.js';

const report = (result) => {
  const line = JSON.stringify(result);
  if (process.env.SWARM_RESULT_FILE) writeFileSync(process.env.SWARM_RESULT_FILE, `${line}\n`);
  console.log(line);
  process.exit(0);
};

const run = spawnSync(process.execPath, ['design.js'], { encoding: 'utf8', timeout: 20_000 });
if (run.status !== 0) report({ score: 0, valid: false, feedback: `design.js failed: ${(run.stderr || '').trim().split('\n').at(-1) ?? ''}` });
const line = (run.stdout || '').trim().split('\n').at(-1) ?? '';
let printed;
try {
  printed = JSON.parse(line);
} catch {
  report({ score: 0, valid: false, feedback: 'design.js printed no {"rate": r, "width": w, "depth": d} line' });
}
const point = [printed?.rate, printed?.width, printed?.depth];
if (!point.every((v) => typeof v === 'number' && Number.isFinite(v))) report({ score: 0, valid: false, feedback: 'rate, width and depth must be finite numbers' });
let hash = 0;
for (const char of line) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
report({ score: Number(quality(point).toFixed(9)), output_hash: hash });
