#!/usr/bin/env node
// Policy benchmark: every Shepherd policy, same attempt budget, several seeds, on the offline
// examples and a deceptive synthetic task, with the `local` agent through the real CLI.
// Prints a table (median best score, attempts to reach 95 % of the best improvement observed,
// lineages alive at the end) and writes bench/policies/results.json.
// Environment: POLICIES (default greedy,swarm,evolve,rsi), SEEDS (5), SEED_START (1: seeds 1..5;
// 6 runs held-out seeds 6..10), ATTEMPTS (30), TASKS (deceptive,function-minimization,circle-packing; also k-module and
// deceptive-2, from bench/policies/tasks),
// SCHEDULE (waves), PARALLEL (2 runs at a time), SWARM_CLI (default dist/cli/main.js), RESULTS
// (default bench/policies/results.json).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRun, summarize } from './analyze-run.mjs';
import { formatTable } from './format-table.mjs';
import { prepareTask } from './prepare-task.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const cli = process.env.SWARM_CLI ? resolve(process.env.SWARM_CLI) : join(root, 'dist', 'cli', 'main.js');
const list = (name, fallback) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
const policies = list('POLICIES', 'greedy,swarm,evolve,rsi');
const tasks = list('TASKS', 'deceptive,function-minimization,circle-packing');
const seedStart = Number(process.env.SEED_START ?? 1);
const seeds = Array.from({ length: Number(process.env.SEEDS ?? 5) }, (_, i) => i + seedStart);
const attempts = Number(process.env.ATTEMPTS ?? 30);
const schedule = process.env.SCHEDULE ?? 'waves';

const runOne = async (task, policy, seed) => {
  const dir = mkdtempSync(join(tmpdir(), `swarm-bench-${task}-`));
  try {
    const unprepared = prepareTask(root, cli, task, dir);
    if (unprepared !== null) return { task, policy, seed, error: unprepared, wallS: 0 };
    const git = (...args) => spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@swarm.local', ...args], { cwd: dir, stdio: 'ignore' });
    // The schedule goes through the config file: there is no CLI flag for it.
    const started = Date.now();
    const args = [cli, 'run', '--policy', policy, '--seed', String(seed), '--attempts', String(attempts), '--agents', '2', '--evaluations', '2', '--json', '--quiet'];
    if (schedule !== 'waves') {
      const config = JSON.parse(spawnSync('cat', ['.swarmrc.json'], { cwd: dir, encoding: 'utf8' }).stdout);
      config.shepherd = { ...config.shepherd, schedule };
      writeFileSync(join(dir, '.swarmrc.json'), JSON.stringify(config));
      git('commit', '-qam', 'schedule');
    }
    const run = await new Promise((done) => {
      const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 15 * 60_000 });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
      child.on('close', (status) => done({ status, stderr }));
    });
    const wallS = (Date.now() - started) / 1000;
    if (run.status !== 0) return { task, policy, seed, error: `exit ${run.status}: ${run.stderr.slice(-400)}`, wallS };
    return { task, policy, seed, wallS, ...analyzeRun(join(dir, '.swarm', 'swarm.db')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const began = Date.now();
console.error(`policy benchmark: ${policies.join(', ')} × ${tasks.join(', ')} × seeds ${seeds.join(',')}, ${attempts} attempts each, schedule ${schedule}, ${cpus().length} CPUs`);
// Runs share the 2 CPUs when PARALLEL > 1: attempt counts and scores are unaffected (budgets are in
// attempts, evaluations are deterministic for a seed), only the wall-clock column is inflated.
const parallel = Math.max(1, Number(process.env.PARALLEL ?? 2));
const jobs = tasks.flatMap((task) => seeds.flatMap((seed) => policies.map((policy) => ({ task, policy, seed }))));
const runs = [];
const worker = async () => {
  for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
    const result = await runOne(job.task, job.policy, job.seed);
    runs.push(result);
    console.error(`  ${job.task} ${job.policy} seed ${job.seed}: ${result.error ?? `best ${result.best} (baseline ${result.baseline}), ${result.wallS.toFixed(1)} s`}`);
  }
};
await Promise.all(Array.from({ length: parallel }, worker));
const summary = summarize(runs, tasks, policies);
const table = formatTable(summary, attempts);
console.log(table);
const results = {
  generatedAt: new Date().toISOString(),
  settings: { policies, tasks, seeds, attempts, schedule, parallelRuns: parallel, agent: 'local', concurrency: { agents: 2, evaluations: 2 } },
  wallSeconds: Math.round((Date.now() - began) / 1000),
  summary,
  runs,
};
const resultsFile = resolve(process.env.RESULTS ?? join(root, 'bench', 'policies', 'results.json'));
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.error(`wrote ${resultsFile} (${results.wallSeconds} s)`);
