#!/usr/bin/env node
// Objectives benchmark (issue 32), run by `npm run bench:policies` after the policy benchmark:
// 1. Near-duplicates: the same runs (task, policy, seed, attempt budget) with
//    shepherd.novelty.threshold off and on; evaluator runs spent, best score reached, attempts
//    that reused a near-duplicate's result. Evaluations saved at equal best score are the
//    difference in evaluator runs on the seeds whose best is equal.
// 2. The two-metric task (bench/policies/tasks/two-metric): the stored Pareto front against the
//    true one, cost = score²; a member's gap is cost − score² (0: on the true front).
// Seeds 21+ are held out: nothing (threshold included) was tuned on them.
// Environment: SEEDS (21-22), NOVELTY (0.95), NOVELTY_TASK (deceptive), NOVELTY_POLICY (rules),
// ATTEMPTS (16), PARTS (novelty,front), PARALLEL (2), SWARM_CLI (dist/cli/main.js), RESULTS (bench/policies/objectives-results.json).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { parse } from 'jsonc-parser';
import { prepareTask } from './prepare-task.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const cli = process.env.SWARM_CLI ? resolve(process.env.SWARM_CLI) : join(root, 'dist', 'cli', 'main.js');
const seeds = (process.env.SEEDS ?? '21-22').split(',').flatMap((part) => {
  const [from, to] = part.split('-').map(Number);
  return to === undefined ? [from] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
});
const threshold = Number(process.env.NOVELTY ?? '0.95');
const noveltyTask = process.env.NOVELTY_TASK ?? 'deceptive';
const noveltyPolicy = process.env.NOVELTY_POLICY ?? 'rules';
const attempts = Number(process.env.ATTEMPTS ?? '16');
const parallel = Math.max(1, Number(process.env.PARALLEL ?? 2));
const resultsFile = resolve(process.env.RESULTS ?? join(root, 'bench', 'policies', 'objectives-results.json'));

const flagsOf = (row) => JSON.parse(row.flags_json ?? '[]');
const copied = (flags) => flags.some((f) => f.startsWith('reused:') || f.startsWith('near-duplicate:'));

/** What one run's database says: evaluator runs (copies excluded), best feasible score, near-duplicates, the front with its metrics. */
const analyze = (dbFile) => {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const run = db.prepare('SELECT id, direction FROM runs ORDER BY seq DESC LIMIT 1').get();
    const rows = db.prepare('SELECT id, role, status, score, metrics_json, flags_json FROM attempts WHERE run_id = ?').all(run.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const evaluations = db.prepare('SELECT e.kind, e.attempt_id FROM evaluations e JOIN attempts a ON a.id = e.attempt_id WHERE a.run_id = ?').all(run.id)
      .filter((e) => !(e.kind === 'official' && copied(flagsOf(byId.get(e.attempt_id))))).length;
    const scores = rows.filter((r) => r.status === 'scored' && r.score !== null).map((r) => r.score);
    const best = scores.length === 0 ? null : run.direction === 'maximize' ? Math.max(...scores) : Math.min(...scores);
    const front = db.prepare('SELECT attempt_id FROM pareto_front WHERE run_id = ?').all(run.id).map((f) => byId.get(f.attempt_id)).map((a) => ({ id: a.id, score: a.score, ...JSON.parse(a.metrics_json ?? '{}') }));
    return { evaluations, best, attempts: rows.filter((r) => r.role !== 'baseline').length, nearDuplicates: rows.filter((r) => flagsOf(r).some((f) => f.startsWith('near-duplicate:'))).length, front };
  } finally {
    db.close();
  }
};

const runOne = async (job) => {
  const dir = mkdtempSync(join(tmpdir(), `swarm-objectives-${job.task}-`));
  try {
    const unprepared = prepareTask(root, cli, job.task, dir);
    if (unprepared !== null) return { ...job, error: unprepared };
    const file = join(dir, '.swarmrc.json');
    const config = parse(readFileSync(file, 'utf8'));
    config.budget = { attempts };
    config.shepherd = { ...config.shepherd, novelty: { threshold: job.novelty } };
    writeFileSync(file, JSON.stringify(config, null, 2));
    spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@swarm.local', 'commit', '-qam', 'benchmark budget'], { cwd: dir, stdio: 'ignore' });
    const args = [cli, 'run', '--policy', job.policy, '--seed', String(job.seed), '--json', '--quiet'];
    const status = await new Promise((done) => spawn(process.execPath, args, { cwd: dir, stdio: 'ignore', timeout: 20 * 60_000 }).on('close', done));
    if (status !== 0) return { ...job, error: `exit ${status}` };
    return { ...job, ...analyze(join(dir, '.swarm', 'swarm.db')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const parts = (process.env.PARTS ?? 'novelty,front').split(',');
const jobs = seeds.flatMap((seed) => [
  { part: 'novelty', task: noveltyTask, policy: noveltyPolicy, seed, novelty: null },
  { part: 'novelty', task: noveltyTask, policy: noveltyPolicy, seed, novelty: threshold },
  { part: 'front', task: 'two-metric', policy: 'rules', seed, novelty: null },
]).filter((job) => parts.includes(job.part));
const results = [];
let next = 0;
await Promise.all(Array.from({ length: parallel }, async () => {
  while (next < jobs.length) {
    const job = jobs[next++];
    const result = await runOne(job);
    console.error(`  ${job.task} ${job.policy} seed ${job.seed}${job.part === 'novelty' ? ` novelty ${job.novelty ?? 'off'}` : ''}: ${result.error ?? `best ${result.best}, ${result.evaluations} evaluations`}`);
    results.push(result);
  }
}));

const fmt = (v, digits = 4) => (v === null || v === undefined ? '—' : Number(v.toFixed(digits)).toString());
const lines = parts.includes('novelty') ? [`**near-duplicates** (${noveltyTask}, ${noveltyPolicy}, ${attempts} attempts, threshold ${threshold}; seeds ${seeds.join(', ')})`, '', '| seed | best off | best on | evaluations off | evaluations on | near-duplicates | saved at equal best |', '|---|---|---|---|---|---|---|'] : [];
for (const seed of seeds) {
  const off = results.find((r) => r.part === 'novelty' && r.seed === seed && r.novelty === null);
  const on = results.find((r) => r.part === 'novelty' && r.seed === seed && r.novelty !== null);
  if (!off || !on || off.error || on.error) continue;
  const equal = off.best !== null && on.best !== null && Math.abs(off.best - on.best) < 1e-9;
  lines.push(`| ${seed} | ${fmt(off.best)} | ${fmt(on.best)} | ${off.evaluations} | ${on.evaluations} | ${on.nearDuplicates} | ${equal ? off.evaluations - on.evaluations : 'best differs'} |`);
}
if (parts.includes('front')) lines.push('', `**two-metric front** (rules, ${attempts} attempts; true front cost = score², gap = cost − score²)`, '', '| seed | best score | front size | median gap | max gap |', '|---|---|---|---|---|');
for (const r of results.filter((x) => x.part === 'front' && !x.error).sort((a, b) => a.seed - b.seed)) {
  const gaps = r.front.map((m) => m.cost - m.score ** 2).sort((a, b) => a - b);
  lines.push(`| ${r.seed} | ${fmt(r.best)} | ${r.front.length} | ${fmt(gaps[Math.floor(gaps.length / 2)] ?? null)} | ${fmt(gaps.at(-1) ?? null)} |`);
}
console.log(lines.join('\n'));
writeFileSync(resultsFile, `${JSON.stringify({ threshold, attempts, seeds, runs: results }, null, 2)}\n`);
console.error(`wrote ${resultsFile}`);
