// Evaluator of the two-metric benchmark task (protected): runs design.js and prints its
// {"score": s, "cost": c} line. Always exits 0.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const report = (result) => {
  const line = JSON.stringify(result);
  if (process.env.SWARM_RESULT_FILE) writeFileSync(process.env.SWARM_RESULT_FILE, `${line}\n`);
  console.log(line);
  process.exit(0);
};

const run = spawnSync(process.execPath, ['design.js'], { encoding: 'utf8', timeout: 20_000 });
if (run.status !== 0) report({ score: 0, valid: false, feedback: 'design.js failed' });
try {
  const { score, cost } = JSON.parse((run.stdout || '').trim().split('\n').at(-1) ?? '');
  if (!Number.isFinite(score) || !Number.isFinite(cost)) report({ score: 0, valid: false, feedback: 'score or cost is not a finite number' });
  report({ score, cost });
} catch {
  report({ score: 0, valid: false, feedback: 'design.js printed no {"score": s, "cost": c} line' });
}
