// Kill harness of issue 41, item 3 (not part of `npm test` or `npm run bench`): SIGKILLs `swarm run`
// at random points of two phases, resumes it with `swarm run`, and counts the evaluator runs that
// had finished (printed their result and exited) but whose outcome the run never recorded: each one
// is an evaluation thrown away by the kill and run again.
//
//   node bench/kill-resume.mjs [--kills N] [--cli path/to/dist/cli/main.js] [--confirm C]
//
// Phases: "evaldone" kills 0 to --delay ms (default 40) after the k-th evaluator run (k random in 1..6, the baseline's
// included) wrote its result and exited; "record" kills as soon as an attempt is seen in phase
// `record` (polled every 10 ms). Every evaluator run appends "S <attempt> <stage> <seed>" when it
// starts and "E <attempt> <stage> <seed> <ms>" after printing its result; a finished run is
// recorded when the store has a row for it (any kind). Runs that finished after the kill (an
// orphan the driver never saw exit) are counted apart. Since the evaluator's side writes an exit
// record (src/eval/exit-marker.ts), a run that ended before the kill is recorded by the resume
// from that record; one that ends after it printed into a dead driver's pipe and runs again.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createRepo } from './lib/fixture-repo.mjs';
import { makeTempDir, removeTempDir, removeTempDirs } from './lib/temp-dirs.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const kills = Number(option('--kills', '10'));
const cli = resolve(option('--cli', fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))));
const confirm = Number(option('--confirm', '0'));
const phases = option('--phases', 'evaldone,record').split(',');
const delayMs = Number(option('--delay', '40'));

const EVALUATOR = `const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const log = process.argv[2];
const { SWARM_ATTEMPT_ID: id, SWARM_STAGE: stage, SWARM_SEED: seed } = process.env;
fs.appendFileSync(log, 'S ' + id + ' ' + stage + ' ' + seed + '\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value }));
fs.appendFileSync(log, 'E ' + id + ' ' + stage + ' ' + seed + ' ' + Date.now() + '\\n');
`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const startRun = (dir) => {
  const child = spawn(process.execPath, [cli, 'run'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const done = new Promise((r) => child.on('close', (code) => r({ code, stderr })));
  return { child, done };
};

const readDb = (dir, sql) => {
  const file = join(dir, '.swarm', 'swarm.db');
  if (!existsSync(file)) return [];
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all();
    } finally {
      db.close();
    }
  } catch {
    return [];
  }
};

const finishedRuns = (log) => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('E ')).map((l) => l.split(' ')) : []);

/** One kill and resume; returns the finished evaluator runs the run did not record. */
const trial = async (phase) => {
  // The log lives outside the repository (the checkout is the agent's).
  const outside = makeTempDir('kill-resume-log');
  const log = join(outside, 'evaluations.log');
  const dir = createRepo('kill-resume', {
    agent: { backend: 'local' },
    evaluator: { command: `node eval.js ${log}`, protect: ['eval.js'], timeout: '60s', confirm },
    budget: { attempts: 4 },
    concurrency: { agents: 2, evaluations: 2 },
    shepherd: { initialExplorers: 4, waveSize: 4 },
  }, { 'eval.js': EVALUATOR });
  const first = startRun(dir);
  const k = 1 + Math.floor(Math.random() * 6);
  let killedAt = null;
  const deadline = Date.now() + 90_000;
  const exited = { value: false };
  void first.done.then(() => (exited.value = true));
  while (!exited.value && Date.now() < deadline) {
    if (phase === 'evaldone' && finishedRuns(log).length >= k) {
      await sleep(Math.random() * delayMs);
      break;
    }
    if (phase === 'record' && readDb(dir, "SELECT id FROM attempts WHERE status = 'running' AND phase = 'record' AND role != 'baseline'").length > 0) break;
    await sleep(10);
  }
  if (!exited.value) {
    first.child.kill('SIGKILL');
    killedAt = Date.now();
  }
  await first.done;
  const second = await startRun(dir).done;
  const rows = new Map();
  for (const r of readDb(dir, 'SELECT attempt_id AS id, stage, seed FROM evaluations')) {
    const key = `${r.id} ${r.stage} ${r.seed}`;
    rows.set(key, (rows.get(key) ?? 0) + 1);
  }
  const finished = new Map();
  const late = new Map();
  for (const [, id, stage, seed, at] of finishedRuns(log)) {
    const key = `${id} ${stage} ${seed}`;
    finished.set(key, (finished.get(key) ?? 0) + 1);
    if (killedAt !== null && Number(at) > killedAt) late.set(key, (late.get(key) ?? 0) + 1);
  }
  let lost = 0;
  let lostLate = 0;
  // How long before the kill each finished run ended (the newest first): a lost run that ended
  // milliseconds before the kill was lost between its exit and the driver's row for it.
  const endedBefore = new Map();
  for (const [, id, stage, seed, at] of finishedRuns(log)) {
    const key = `${id} ${stage} ${seed}`;
    if (killedAt !== null && Number(at) <= killedAt) endedBefore.set(key, killedAt - Number(at));
  }
  const lostAges = [];
  for (const [key, n] of finished) {
    const missing = Math.max(0, n - (rows.get(key) ?? 0));
    const afterKill = Math.min(missing, late.get(key) ?? 0);
    lost += missing - afterKill;
    lostLate += afterKill;
    if (missing - afterKill > 0) lostAges.push(endedBefore.get(key) ?? -1);
    if (missing > 0 && process.env.KILL_RESUME_DEBUG) process.stderr.write(`not recorded: ${key} ×${missing}\n${second.stderr}\n${JSON.stringify(readDb(dir, 'SELECT id, role, status, phase FROM attempts'))}\n`);
  }
  const status = readDb(dir, "SELECT status FROM runs WHERE id = 'r1'")[0]?.status ?? '?';
  if (process.env.KILL_RESUME_DEBUG) process.stderr.write(`kept ${dir} and ${outside}\n`);
  else {
    removeTempDir(dir);
    removeTempDir(outside);
  }
  return { phase, killed: killedAt !== null, lost, lostLate, lostAges, resumed: second.code === 0 && status === 'finished' };
};

process.on('SIGINT', () => {
  removeTempDirs();
  process.exit(130);
});

const results = [];
for (let i = 0; i < kills; i++) {
  for (const phase of phases) {
    const r = await trial(phase);
    results.push(r);
    process.stderr.write(`${phase}: ${r.killed ? 'killed' : 'run ended before the kill'}; finished evaluator runs not recorded: ${r.lost} (+${r.lostLate} that finished after the kill)${r.lostAges.length > 0 ? `, the lost ones ended ${r.lostAges.join(', ')} ms before the kill` : ''}; resume ${r.resumed ? 'finished the run' : 'did NOT finish the run'}\n`);
  }
}
if (!process.env.KILL_RESUME_DEBUG) removeTempDirs();
const summary = {};
for (const phase of phases) {
  const mine = results.filter((r) => r.phase === phase && r.killed);
  summary[phase] = {
    kills: mine.length,
    killsLosingAFinishedEvaluation: mine.filter((r) => r.lost > 0).length,
    finishedEvaluationsLost: mine.reduce((s, r) => s + r.lost, 0),
    finishedAfterTheKillLost: mine.reduce((s, r) => s + r.lostLate, 0),
    resumesThatFinished: mine.filter((r) => r.resumed).length,
    lostEndedMsBeforeTheKill: mine.flatMap((r) => r.lostAges).sort((a, b) => a - b),
  };
}
console.log(JSON.stringify({ cli, confirm, delayMs, load: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(1))), summary }, null, 2));
