import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readAttemptTimeline } from './lib/attempt-timeline.mjs';
import { createRepo } from './lib/fixture-repo.mjs';
import { runCli } from './lib/proc.mjs';
import { spawnsPerAttempt, readSpawnTrace } from './lib/spawn-trace.mjs';
import { phaseTrace, summarizePhaseTrace } from './lib/phase-trace.mjs';
import { median, p90 } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

const TRACER = fileURLToPath(new URL('./lib/trace-spawn.mjs', import.meta.url));

/**
 * One attempt at a time (wave size 1, one agent, one evaluation), so each attempt's life cycle is
 * the time from its creation to the next one's and agent, evaluator and orchestration add up.
 */
const serialConfig = () => ({
  evaluator: { command: `echo '{"score": 1}'` },
  shepherd: { waveSize: 1, initialExplorers: 1 },
  concurrency: { agents: 1, evaluations: 1 },
  // optimizerSteps cannot be 0; each step is one `swarm eval` run, agent time that is subtracted anyway.
  agent: { local: { optimizerSteps: 1 } },
});

const pick = (rows, key) => rows.map((r) => r[key]).filter((v) => v !== null);

const phaseMedians = (rows) => {
  const names = ['prepare', 'commitAndChecks', 'record', 'releaseAndPlan'];
  return Object.fromEntries(names.map((n) => [n, median(rows.map((r) => r.phases[n]).filter((v) => v !== null))]));
};

/** Median time of `fn` over `n` calls (async allowed). */
const timeCalls = async (n, fn) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
};

/** One git call through the project's own git layer, with and without output, against raw git. */
const gitLayerCosts = async (repo) => {
  let layer;
  try {
    layer = await import('../dist/workspace/git-command.js');
  } catch {
    return null;
  }
  if (typeof layer.runGit !== 'function' || typeof layer.tryGit !== 'function') return null;
  const silent = ['rev-parse', '--verify', '--quiet', 'refs/heads/no-such-branch'];
  const talking = ['rev-parse', 'HEAD'];
  return {
    rawGitMs: await timeCalls(10, () => spawnSync('git', talking, { cwd: repo })),
    layerWithOutputMs: await timeCalls(10, () => layer.runGit(repo, talking)),
    layerSilentMs: await timeCalls(10, () => layer.tryGit(repo, silent)),
  };
};

/** Scenario 1: orchestration overhead per attempt, and a traced diagnostic run that says where it goes. */
export const measureOverhead = async ({ attempts, diagnosticAttempts, log }) => {
  const repo = createRepo('overhead', serialConfig());
  log(`overhead: ${attempts} attempts, one at a time, evaluator \`echo '{"score": 1}'\` in ${repo}`);
  const started = performance.now();
  const run = await runCli(['run', '--attempts', String(attempts), '--json'], { cwd: repo });
  const runWallS = (performance.now() - started) / 1000;
  const result = JSON.parse(run.stdout);
  const { rows } = readAttemptTimeline(repo);
  removeTempDir(repo);
  const complete = rows.filter((r) => r.overheadMs !== null);
  const explorers = complete.filter((r) => r.role === 'explorer');
  const optimizers = complete.filter((r) => r.role === 'optimizer');

  log(`overhead: diagnostic run of ${diagnosticAttempts} attempts with a spawn tracer`);
  const diagRepo = createRepo('overhead-trace', serialConfig());
  const traceFile = join(diagRepo, '.git', 'bench-spawns.jsonl');
  await runCli(['run', '--attempts', String(diagnosticAttempts), '--json'], { cwd: diagRepo, nodeArgs: ['--import', TRACER], env: { BENCH_TRACE_FILE: traceFile } });
  const diagRows = readAttemptTimeline(diagRepo).rows;
  const spawns = readSpawnTrace(traceFile);
  const traced = spawnsPerAttempt(diagRows, spawns).filter((r) => r.role === 'explorer');
  const steps = summarizePhaseTrace(phaseTrace(diagRows, spawns).filter((r) => r.role === 'explorer'));
  const gitCosts = await gitLayerCosts(diagRepo);
  removeTempDir(diagRepo);

  return {
    runStatus: result.status,
    runWallS,
    attempts: complete.length,
    roles: { explorer: explorers.length, optimizer: optimizers.length },
    overheadMedianMs: median(pick(complete, 'overheadMs')),
    overheadP90Ms: p90(pick(complete, 'overheadMs')),
    lifecycleMedianMs: median(pick(complete, 'lifecycleMs')),
    agentMedianMs: median(pick(complete, 'agentMs')),
    evalMedianMs: median(pick(complete, 'evalMs')),
    explorerOverheadMedianMs: median(pick(explorers, 'overheadMs')),
    optimizerOverheadMedianMs: median(pick(optimizers, 'overheadMs')),
    optimizerAgentMedianMs: median(pick(optimizers, 'agentMs')),
    optimizerSelfEvaluations: median(pick(optimizers, 'selfEvaluations')),
    phasesMedianMs: phaseMedians(complete),
    trace: {
      attempts: traced.length,
      gitCallsMedian: median(traced.map((r) => r.gitCalls)),
      silentGitCallsMedian: median(traced.map((r) => r.silentGitCalls)),
      gitMsMedian: median(traced.map((r) => r.gitMs)),
      silentCommands: traced[Math.floor(traced.length / 2)]?.silentCommands ?? [],
      steps,
    },
    gitCosts,
  };
};
