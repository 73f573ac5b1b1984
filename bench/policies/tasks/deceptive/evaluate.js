// Evaluator of the deceptive benchmark task (protected): runs design.js and prints one JSON line
// {"score": q, "design": d, "output_hash": h} where d is the design family that ran (a behavior
// descriptor, as MAP-Elites evaluators report; .swarmrc.json names it in shepherd.niche) and h hashes the program's output (so an attempt whose change
// never affects the output is flagged "output-unchanged"). Always exits 0.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const report = (result) => {
  const line = JSON.stringify(result);
  if (process.env.SWARM_RESULT_FILE) writeFileSync(process.env.SWARM_RESULT_FILE, `${line}\n`);
  console.log(line);
  process.exit(0);
};

const run = spawnSync(process.execPath, ['design.js'], { encoding: 'utf8', timeout: 20_000 });
if (run.status !== 0) report({ score: 0, valid: false, feedback: `design.js failed: ${(run.stderr || '').trim().split('\n').at(-1) ?? ''}` });
const line = (run.stdout || '').trim().split('\n').at(-1) ?? '';
let quality;
let design;
try {
  ({ quality, design } = JSON.parse(line));
} catch {
  report({ score: 0, valid: false, feedback: 'design.js printed no {"quality": q} line' });
}
if (typeof quality !== 'number' || !Number.isFinite(quality)) report({ score: 0, valid: false, feedback: 'quality is not a finite number' });
let hash = 0;
for (const char of line) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
report({ score: quality, ...(typeof design === 'number' ? { design } : {}), output_hash: hash });
