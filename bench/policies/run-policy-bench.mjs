#!/usr/bin/env node
// Policy benchmark: Shepherd policies at an EQUAL EVALUATION BUDGET (every evaluator run counts:
// baseline, official, an agent's `swarm eval`), with the `local` agent through the real CLI, on
// the deceptive tasks and the K-module task; tuning seeds 1–10 and held-out seeds 11–20 apart.
// Every seed is shared: the evaluator gets SWARM_SEED = the seed, and the k-th attempt of every
// policy the same agent seed. Runs are kept in RESULTS (one entry per task, policy and seed; a
// rerun replaces its entries), and the tables are written into docs/policies.md between the
// `bench:policies` markers.
// Environment: POLICIES (greedy,random,swarm,evolve,rsi), TASKS (every task of tasks.mjs), SEEDS
// (1-20; ranges and lists, e.g. 11-20 or 1,2,3), PARALLEL (2 runs at a time), SWARM_CLI (default
// dist/cli/main.js), RESULTS (bench/policies/results.json), DOC (docs/policies.md; "none" to skip),
// EVALUATIONS (every task's evaluation budget instead of its own, for a budget curve).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'jsonc-parser';
import { analyzeRun } from './analyze-run.mjs';
import { prepareTask } from './prepare-task.mjs';
import { armConfig, benchTasks } from './tasks.mjs';
import { writeDocTables } from './write-doc-tables.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const cli = process.env.SWARM_CLI ? resolve(process.env.SWARM_CLI) : join(root, 'dist', 'cli', 'main.js');
const list = (name, fallback) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
const seedList = (text) => text.split(',').flatMap((part) => {
  const [from, to] = part.split('-').map(Number);
  return to === undefined ? [from] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
});
const catalog = benchTasks();
// EVALUATIONS: every task's evaluation budget for this run (a budget curve; results go to their own RESULTS file).
if (process.env.EVALUATIONS) for (const task of Object.values(catalog)) task.evaluations = Number(process.env.EVALUATIONS);
const policies = list('POLICIES', 'greedy,random,swarm,evolve,rsi');
const tasks = list('TASKS', Object.keys(catalog).join(','));
for (const task of tasks) if (!catalog[task]) throw new Error(`unknown task ${task}; known: ${Object.keys(catalog).join(', ')}`);
const seeds = seedList(process.env.SEEDS ?? '1-20');
const resultsFile = resolve(process.env.RESULTS ?? join(root, 'bench', 'policies', 'results.json'));

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const merge = (a, b) => Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, isObject(a[k]) && isObject(b[k]) ? merge(a[k], b[k]) : k in b ? b[k] : a[k]]));

const runOne = async (name, policy, seed) => {
  const task = catalog[name];
  const dir = mkdtempSync(join(tmpdir(), `swarm-bench-${name.replace(/\W/g, '-')}-`));
  try {
    const unprepared = prepareTask(root, cli, task.source, dir);
    if (unprepared !== null) return { task: name, policy, seed, error: unprepared, wallS: 0 };
    const file = join(dir, '.swarmrc.json');
    // Equal compute: the evaluation budget stops every arm; the attempt budget never binds first.
    // Waves of 4 (the default before it followed concurrency.agents), so the committed figures stay comparable.
    const config = merge(merge(merge(parse(readFileSync(file, 'utf8')), { shepherd: { initialExplorers: 4, waveSize: 4 } }), armConfig(policy)), { ...task.config, budget: { attempts: 2 * task.evaluations, evaluations: task.evaluations } });
    writeFileSync(file, JSON.stringify(config, null, 2));
    spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@swarm.local', 'commit', '-qam', 'benchmark budget'], { cwd: dir, stdio: 'ignore' });
    const started = Date.now();
    const args = [cli, 'run', '--policy', policy, '--seed', String(seed), '--agents', '2', '--evaluations', '2', '--json', '--quiet'];
    const run = await new Promise((done) => {
      const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 20 * 60_000 });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
      child.on('close', (status) => done({ status, stderr }));
    });
    const wallS = (Date.now() - started) / 1000;
    if (run.status !== 0) return { task: name, policy, seed, error: `exit ${run.status}: ${run.stderr.slice(-400)}`, wallS };
    return { task: name, policy, seed, wallS, ...analyzeRun(join(dir, '.swarm', 'swarm.db'), { budget: task.evaluations, success: task.success }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const began = Date.now();
console.error(`policy benchmark: ${policies.join(', ')} × ${tasks.join(', ')} × seeds ${seeds.join(',')}, ${cpus().length} CPUs`);
// Runs share the CPUs when PARALLEL > 1: budgets are in evaluations and a seed's run is
// deterministic, so only the wall-clock and agent-seconds columns are inflated.
const parallel = Math.max(1, Number(process.env.PARALLEL ?? 2));
// Seed by seed, so a benchmark cut short still pairs every policy with greedy on the seeds it ran.
const arms = (task) => policies.filter((policy) => policy !== 'random' || catalog[task].random);
const jobs = seeds.flatMap((seed) => tasks.flatMap((task) => arms(task).map((policy) => ({ task, policy, seed }))));
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : { runs: [] };
const key = (r) => `${r.task}|${r.policy}|${r.seed}`;
const fresh = [];
const save = () => {
  const replaced = new Set(fresh.map(key));
  const runs = [...previous.runs.filter((r) => !replaced.has(key(r))), ...fresh].sort((a, b) => key(a).localeCompare(key(b), 'en', { numeric: true }));
  writeFileSync(resultsFile, `${JSON.stringify({ settings: { agent: 'local', concurrency: { agents: 2, evaluations: 2 }, parallelRuns: parallel, cpus: cpus().length }, runs }, null, 1)}\n`);
  return runs;
};
const worker = async () => {
  for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
    const result = await runOne(job.task, job.policy, job.seed);
    fresh.push(result);
    save();
    console.error(`  ${job.task} ${job.policy} seed ${job.seed}: ${result.error ?? `best ${result.best} (${result.evaluations} evaluations, ${result.attempts} attempts${result.success ? `, success at evaluation ${result.evaluationsToSuccess}` : ''}), ${result.wallS.toFixed(1)} s`}`);
  }
};
await Promise.all(Array.from({ length: parallel }, worker));
const runs = save();
const doc = process.env.DOC ?? join(root, 'docs', 'policies.md');
const tables = writeDocTables(runs, catalog, doc === 'none' ? null : resolve(doc));
console.log(tables);
console.error(`wrote ${resultsFile}${doc === 'none' ? '' : ` and ${doc}`} (${Math.round((Date.now() - began) / 1000)} s)`);
