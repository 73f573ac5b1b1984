import { createRepo } from './lib/fixture-repo.mjs';
import { runCli } from './lib/proc.mjs';
import { SwarmStore } from '../dist/store/swarm-store.js';
import { join } from 'node:path';
import { mean, median, sum } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

const SLOTS = 4;
const EVAL_SECONDS = 1;

/**
 * Explorer-only variant: the evaluator scores the unchanged program highest, so with one leader the
 * baseline leads forever and the Shepherd plans no optimizer (whose `swarm eval` calls also sleep).
 */
const explorerOnlyEvaluator = `sleep ${EVAL_SECONDS}; if [ "$(cat prog.js)" = "$(cat prog.orig)" ]; then echo '{"score": 1}'; else echo '{"score": 0}'; fi`;

const explorersOnly = (variant) => variant.endsWith('explorers');

const configFor = (variant) => ({
  evaluator: { command: explorersOnly(variant) ? explorerOnlyEvaluator : `sleep ${EVAL_SECONDS}; echo '{"score": 1}'` },
  shepherd: {
    waveSize: SLOTS,
    initialExplorers: SLOTS,
    ...(explorersOnly(variant) ? { leaders: 1 } : {}),
    ...(variant.startsWith('async') ? { schedule: 'async' } : {}),
  },
  concurrency: { agents: SLOTS, evaluations: SLOTS },
  // 0 would keep optimizers from evaluating, but the schema's minimum is 1 (src/config/schema.ts).
  agent: { local: { optimizerSteps: 1 } },
});

const readWaves = (repo) => {
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'), { mustExist: true });
  try {
    const run = store.latestRun();
    const attempts = store.listAttempts(run.id).filter((a) => a.role !== 'baseline');
    const evalMs = attempts.flatMap((a) => store.listEvaluations(a.id).filter((e) => e.kind === 'official')).map((e) => e.durationMs);
    const selfEvals = attempts.flatMap((a) => store.listEvaluations(a.id).filter((e) => e.kind === 'intermediate')).length;
    return { run, attempts, waves: store.listWaves(run.id), evalMs, selfEvals };
  } finally {
    store.close();
  }
};

/**
 * Scenario 2: four agent and four evaluation slots, a 1 s evaluator. Throughput over the waves
 * phase (first wave start to last wave end, baseline excluded) against the ideal of 4 attempts/s.
 */
export const measureSlots = async ({ attempts, variant, log }) => {
  const files = explorersOnly(variant) ? { 'prog.orig': (await import('./lib/fixture-repo.mjs')).PROGRAM } : {};
  const repo = createRepo(`slots-${variant}`, configFor(variant), files);
  log(`slots (${variant}): ${attempts} attempts, ${SLOTS} agents / ${SLOTS} evaluations, evaluator sleeps ${EVAL_SECONDS} s`);
  await runCli(['run', '--attempts', String(attempts), '--json'], { cwd: repo });
  const { attempts: done, waves, evalMs, selfEvals } = readWaves(repo);
  removeTempDir(repo);
  // From the first attempt's start to the last one's end (baseline excluded): the same measure with
  // and without the wave barrier.
  const spanS = (Math.max(...done.map((a) => a.finishedAt ?? 0)) - Math.min(...done.map((a) => a.createdAt))) / 1000;
  const throughput = done.length / spanS;
  const ideal = SLOTS / EVAL_SECONDS;
  const waveS = waves.filter((w) => w.finishedAt !== null).map((w) => (w.finishedAt - w.startedAt) / 1000);
  const wavesWithOptimizer = waves.filter((w) => done.some((a) => a.wave === w.number && a.role === 'optimizer')).length;
  const attemptS = (role) => done.filter((a) => a.role === role && a.finishedAt !== null).map((a) => (a.finishedAt - a.startedAt) / 1000);
  return {
    variant,
    attempts: done.length,
    waves: waves.length,
    wavesWithOptimizer,
    roles: { explorer: done.filter((a) => a.role === 'explorer').length, optimizer: done.filter((a) => a.role === 'optimizer').length },
    selfEvaluations: selfEvals,
    spanS,
    throughput,
    utilization: throughput / ideal,
    evalSlotBusy: sum(evalMs) / 1000 / (SLOTS * spanS),
    waveMedianS: median(waveS),
    waveMeanS: mean(waveS),
    explorerMedianS: median(attemptS('explorer')),
    optimizerMedianS: median(attemptS('optimizer')),
    evalMedianMs: median(evalMs),
  };
};
