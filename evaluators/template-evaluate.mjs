// swarm evaluator template (Node). `swarm init` copies it as evaluate.mjs; adapt the three marked
// places, then check it with `node evaluate.mjs` and `swarm eval`.
//
// The contract: swarm runs this command in the attempt's checkout and reads ONE JSON object of
// numbers, printed as the LAST line of stdout (or written to $SWARM_RESULT_FILE). Optional keys:
//   "valid": false     the program failed; the attempt is invalid
//   "feedback": "..."  text shown to the next agent (say what failed and how to fix it)
// Environment: SWARM_SEED (integer; use it for any randomness, so confirmations can re-seed),
// SWARM_STAGE (cascade stage name, "main" by default), SWARM_RESULT_FILE, SWARM_WORKTREE.
// Exit 0 even when the program is bad: an invalid program is a result, not an evaluator crash.
// `swarm init` lists this file in .swarmrc.json's "evaluator.protect", so agents cannot edit it.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

// (1) How to run the program under evaluation: the argv of your program (`swarm init --program
//     <file>` writes it), run in this folder.
const PROGRAM = ['node', 'program.js'];
const TIMEOUT_MS = 60_000;

const seed = Number.parseInt(process.env.SWARM_SEED ?? '0', 10) || 0;
const stage = process.env.SWARM_STAGE ?? 'main';

const report = (result) => {
  const line = JSON.stringify(result);
  if (process.env.SWARM_RESULT_FILE) writeFileSync(process.env.SWARM_RESULT_FILE, `${line}\n`);
  console.log(line);
  process.exit(0);
};
const invalid = (feedback) => report({ valid: false, feedback });

const started = Date.now();
const [command, ...args] = PROGRAM;
const run = spawnSync(command, args, {
  encoding: 'utf8',
  timeout: TIMEOUT_MS,
  maxBuffer: 64 * 1024 * 1024,
  env: { ...process.env, SWARM_SEED: String(seed), SWARM_STAGE: stage },
});
const seconds = (Date.now() - started) / 1000;
if (run.error?.code === 'ETIMEDOUT') invalid(`${PROGRAM.join(' ')} did not finish within ${TIMEOUT_MS / 1000} s`);
if (run.error) invalid(`could not run ${PROGRAM.join(' ')}: ${run.error.message}`);
if (run.status !== 0) {
  const tail = (run.stderr ?? '').trim().split('\n').slice(-5).join('\n');
  invalid(`${PROGRAM.join(' ')} exited with code ${run.status}${tail ? `:\n${tail}` : ''}`);
}

// (2) Read what the program produced. Here: the last line of its stdout is a number.
const lastLine = (run.stdout ?? '').trim().split('\n').at(-1) ?? '';
const value = Number(lastLine);
if (lastLine === '' || !Number.isFinite(value)) invalid(`expected a number on the last line of stdout, got ${JSON.stringify(lastLine.slice(0, 80))}`);

// (3) Compute the metrics. Name the primary one in .swarmrc.json ("objective": {"metric": "score"}).
report({ score: value, seconds });
