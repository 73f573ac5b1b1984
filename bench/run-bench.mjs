#!/usr/bin/env node
// `npm run bench`: measures the orchestrator on this machine and writes bench/results.json.
// Flags: --quick (small sizes, a smoke test; writes no results file), --strict (exit 1 on a missed goal).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLI } from './lib/proc.mjs';
import { explainLargeStore, explainOverhead, explainSlots } from './lib/explain.mjs';
import { figure, formatTable, machineFacts, writeResults } from './lib/report.mjs';
import { removeTempDirs } from './lib/temp-dirs.mjs';

const quick = process.argv.includes('--quick');
const strict = process.argv.includes('--strict');
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const sizes = quick
  ? { attempts: 20, diagnosticAttempts: 8, slotAttempts: 12, storeAttempts: 2_000, realSeedAttempts: 8, samples: 2, runnerSamples: 2, gpuAttempts: 4, growthAttempts: 40, agentBoundAttempts: 16, agentBoundRepeats: 1, manyAgents: [8], largeRepoFiles: 3_000, largeRepoRepeats: 2, floorAttempts: 10, floorRepeats: 1 }
  : { attempts: 200, diagnosticAttempts: 20, slotAttempts: 40, storeAttempts: 10_000, realSeedAttempts: 40, samples: 5, runnerSamples: 4, gpuAttempts: 6, growthAttempts: 2_000, agentBoundAttempts: 64, agentBoundRepeats: 2, manyAgents: [32, 64], largeRepoFiles: 30_000, largeRepoRepeats: 5, floorAttempts: 100, floorRepeats: 3 };
const pictureCounts = quick ? [200, 1_000] : [1_000, 10_000];

const started = performance.now();
const log = (line) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const MB = (mib) => (mib * 2 ** 20) / 1e6;

const main = async () => {
  if (!existsSync(CLI)) {
    process.stderr.write(`bench: ${CLI} is missing; run \`npm run build\` first (or use \`npm run bench\`)\n`);
    return 2;
  }
  const machine = machineFacts();
  // Imported after the check: they load the store from dist/.
  const { measureCliLatency } = await import('./cli-latency.mjs');
  const { measureLargeStore, measureRealStore } = await import('./large-store.mjs');
  const { measureGrowth } = await import('./growth.mjs');
  const { measureOverhead } = await import('./overhead.mjs');
  const { measurePictures } = await import('./pictures.mjs');
  const { measureDashboard } = await import('./dashboard.mjs');
  const { measureSlots } = await import('./slots.mjs');
  const { explainEvalRunners, measureEvalRunners } = await import('./eval-runners.mjs');
  const { explainAgentBound, measureAgentBound } = await import('./agent-bound.mjs');
  const { measureProvision } = await import('./provision.mjs');
  const { explainManyAgents, manyAgentsFigures, measureManyAgents } = await import('./many-agents.mjs');
  const { explainLargeRepo, measureLargeRepo } = await import('./large-repo.mjs');
  const { explainFloorOverhead, measureFloorOverhead } = await import('./floor-overhead.mjs');

  const cli = await measureCliLatency({ samples: sizes.samples, log });
  const store = await measureLargeStore({ count: sizes.storeAttempts, samples: sizes.samples, log });
  const realStore = await measureRealStore({ count: sizes.storeAttempts, seedAttempts: sizes.realSeedAttempts, samples: sizes.samples, log });
  const pictures = await measurePictures({ counts: pictureCounts, samples: Math.min(3, sizes.samples), log });
  const dashboard = await measureDashboard({ attempts: quick ? 8 : 24, log });
  const overhead = await measureOverhead({ attempts: sizes.attempts, diagnosticAttempts: sizes.diagnosticAttempts, log });
  const slots = await measureSlots({ attempts: sizes.slotAttempts, variant: 'literal', log });
  const explorers = await measureSlots({ attempts: sizes.slotAttempts, variant: 'explorers', log });
  const asyncSlots = await measureSlots({ attempts: sizes.slotAttempts, variant: 'async', log });
  const asyncExplorers = await measureSlots({ attempts: sizes.slotAttempts, variant: 'async-explorers', log });
  const runners = await measureEvalRunners({ samples: sizes.runnerSamples, attempts: sizes.gpuAttempts, log });
  const growth = await measureGrowth({ attempts: sizes.growthAttempts, log });
  const agentBound = [
    await measureAgentBound({ agents: 8, sleepS: 3, attempts: sizes.agentBoundAttempts, repeats: sizes.agentBoundRepeats, log }),
    await measureAgentBound({ agents: 4, sleepS: 1, attempts: sizes.agentBoundAttempts, repeats: sizes.agentBoundRepeats, log }),
  ];
  const provision = await measureProvision({ samples: sizes.samples, log });
  const manyAgents = await measureManyAgents({ counts: sizes.manyAgents, reference: 4, log });
  const largeRepo = await measureLargeRepo({ files: sizes.largeRepoFiles, repeats: sizes.largeRepoRepeats, log });
  const floorOverhead = await measureFloorOverhead({ attempts: sizes.floorAttempts, repeats: sizes.floorRepeats, log });

  machine.loadAverage1mAtEnd = machineFacts().loadAverage1m;
  const figures = [
    figure('attempt.overhead.median', 'orchestration overhead per attempt, median', overhead.overheadMedianMs, 'ms', { op: '<', value: 60 }),
    figure('attempt.overhead.p90', 'orchestration overhead per attempt, p90', overhead.overheadP90Ms, 'ms'),
    figure('attempt.lifecycle.median', 'attempt life cycle (wall), median', overhead.lifecycleMedianMs, 'ms'),
    figure('attempt.agent.median', 'agent time per attempt, median', overhead.agentMedianMs, 'ms'),
    figure('attempt.evaluator.median', 'evaluator time per attempt, median', overhead.evalMedianMs, 'ms'),
    figure('slots.utilization', 'slot utilization, 4 slots, 1 s evaluator', slots.utilization, 'ratio', { op: '>=', value: 0.9 }, 2),
    figure('slots.throughput', 'throughput, 4 slots, 1 s evaluator', slots.throughput, 'attempts/s', null, 2),
    figure('slots.explorer-only.utilization', 'slot utilization, explorer-only waves', explorers.utilization, 'ratio', { op: '>=', value: 0.9 }, 2),
    figure('slots.explorer-only.throughput', 'throughput, explorer-only waves', explorers.throughput, 'attempts/s', null, 2),
    figure('slots.async.utilization', 'slot utilization, async schedule', asyncSlots.utilization, 'ratio', { op: '>=', value: 0.9 }, 2),
    figure('slots.async-explorers.utilization', 'slot utilization, async, explorers only', asyncExplorers.utilization, 'ratio', { op: '>=', value: 0.95 }, 2),
    figure('status.json.wall.median', `swarm status --json, ${store.count} attempts`, store.status.wallMedianMs, 'ms', { op: '<', value: 250 }, 0),
    figure('status.json.wall.small', 'swarm status --json, 5 attempts', store.smallStatusWallMedianMs, 'ms', null, 0),
    figure('status.plain.large-of-small', `swarm status (plain), ${store.count} attempts / 5 attempts, median of interleaved rounds`, store.ratios.plainOfSmall.median, 'ratio', { op: '<', value: 2 }, 2),
    figure('status.json.large-of-node', `swarm status --json, ${store.count} attempts / node -e 0, median of interleaved rounds`, store.ratios.jsonOfNode.median, 'ratio', { op: '<', value: 2 }, 2),
    figure('status.json.rss.peak', `swarm status --json peak RSS`, MB(store.status.rssMaxMiB), 'MB', { op: '<', value: 200 }),
    figure('graph.dot.wall.median', `swarm graph --format dot, ${store.count} attempts`, store.graph.wallMedianMs, 'ms', { op: '<', value: 1000 }, 0),
    figure('graph.dot.rss.peak', 'swarm graph --format dot peak RSS', MB(store.graph.rssMaxMiB), 'MB', { op: '<', value: 200 }),
    figure('status.json.real.wall.median', `swarm status --json, ${realStore.count} attempts of a real run (${realStore.seedAttempts} copied)`, realStore.status.wallMedianMs, 'ms', { op: '<', value: 250 }, 0),
    figure('graph.dot.real.wall.median', `swarm graph --format dot, ${realStore.count} attempts of a real run`, realStore.graph.wallMedianMs, 'ms', { op: '<', value: 1000 }, 0),
    ...growth.quarters.map((q, i) => figure(`growth.q${i + 1}.ms-per-attempt`, `growth run of ${growth.attempts}: wall per finished attempt, quarter ${i + 1}`, q.msPerAttempt, 'ms', null, 0)),
    ...growth.quarters.map((q, i) => figure(`growth.q${i + 1}.driver-cpu-ms-per-attempt`, `growth run: driver CPU per attempt, quarter ${i + 1}`, q.driverCpuMsPerAttempt, 'ms', null, 0)),
    figure('growth.driver-cpu.last-vs-second-quarter', 'growth run: driver CPU per attempt, last quarter against the second', growth.cpuLastVsSecond, 'ratio', { op: '<', value: 0.1 }, 2),
    figure('growth.last-vs-second-quarter', 'growth run: last quarter against the second', growth.lastVsSecond, 'ratio', { op: '<', value: 0.1 }, 2),
    figure('growth.driver.rss.peak', `growth run: driver peak RSS over ${growth.attempts} attempts`, MB(growth.peakRssMiB), 'MB', { op: '<', value: 150 }),
    ...pictures.flatMap((p) => [
      figure(`graph.svg.${p.count}.wall.median`, `swarm graph --format svg, ${p.count} attempts (${p.drawnNodes} boxes drawn)`, p.svg.wallMedianMs, 'ms', null, 0),
      figure(`graph.svg.${p.count}.rss.peak`, `swarm graph --format svg peak RSS, ${p.count} attempts`, MB(p.svg.rssMaxMiB), 'MB'),
      figure(`graph.png.${p.count}.wall.median`, `swarm graph --format png, ${p.count} attempts`, p.png.wallMedianMs, 'ms', null, 0),
      figure(`graph.png.${p.count}.rss.peak`, `swarm graph --format png peak RSS, ${p.count} attempts`, MB(p.png.rssMaxMiB), 'MB'),
    ]),
    figure('dashboard.first-paint', 'swarm dashboard: navigation to the first attempts row', dashboard.firstPaintMs ?? Number.NaN, 'ms', null, 0),
    figure('dashboard.event-latency.median', `dashboard: attempt.planned event to its row on screen, median of ${dashboard.samples ?? 0}`, dashboard.latencyMedianMs ?? Number.NaN, 'ms', null, 0),
    figure('dashboard.event-latency.max', 'dashboard: attempt.planned event to its row on screen, max', dashboard.latencyMaxMs ?? Number.NaN, 'ms', null, 0),
    figure('eval.local.submit-to-start', 'local runner, submit to start of a 1 s job, median', runners.local.submitToStartMedianMs, 'ms', null, 0),
    figure('eval.slurm.submit-to-start', 'slurm runner, submit to start of a 1 s job, median', runners.slurm.submitToStartMedianMs, 'ms', null, 0),
    figure('eval.local.finish-to-recorded', 'local runner, job end to outcome, median', runners.local.finishToRecordedMedianMs, 'ms', null, 0),
    figure('eval.slurm.finish-to-recorded', 'slurm runner, job end to outcome, median', runners.slurm.finishToRecordedMedianMs, 'ms', null, 0),
    figure('gpus.local.occupancy', 'GPU occupancy, local pool of 2, short run', runners.localGpus.occupancy, 'ratio', null, 2),
    figure('gpus.slurm.occupancy', 'GPU occupancy, slurm with 2 fake GPUs, short run', runners.slurmGpus.occupancy, 'ratio', null, 2),
    ...agentBound.flatMap((shape) => [
      figure(`agent-bound.${shape.agents}x${shape.sleepS}s.async-of-floor`, `agent-bound, ${shape.agents} agents x ${shape.sleepS} s, async: throughput of the git floor's (median)`, shape.asyncOfFloor.median, 'ratio', { op: '>=', value: 0.95 }, 2),
      figure(`agent-bound.${shape.agents}x${shape.sleepS}s.waves-of-floor`, `agent-bound, ${shape.agents} agents x ${shape.sleepS} s, waves: throughput of the git floor's (median)`, shape.wavesOfFloor.median, 'ratio', { op: '>=', value: 0.85 }, 2),
      figure(`agent-bound.${shape.agents}x${shape.sleepS}s.floor-of-ideal`, `agent-bound, ${shape.agents} agents x ${shape.sleepS} s: the git floor's throughput of the ideal`, shape.floorOfIdeal.median, 'ratio', null, 2),
    ]),
    ...manyAgentsFigures(manyAgents),
    figure('cli.version.of-node', 'swarm --version / node -e 0, median of interleaved pairs', cli.versionOfNode.median, 'ratio', { op: '<', value: 1.2 }, 2),
    figure('prepare.bare-worktree.median', 'attempt prepare: bare `git worktree add`, median', provision.bareMedianMs, 'ms', null, 0),
    figure('prepare.setup-reused.median', 'attempt prepare: worktree provisioned, setup reused (key unchanged), median', provision.reusedMedianMs, 'ms', null, 0),
    figure('prepare.setup-run.median', 'attempt prepare: worktree provisioned, setup run (python3 -m venv), median', provision.rebuiltMedianMs, 'ms', null, 0),
    figure('prepare.setup-reused.ratio', 'attempt prepare with setup reused, against a bare worktree', provision.reusedRatio, 'ratio', { op: '<', value: 2 }, 2),
    figure('prepare.setup-run.ratio', 'attempt prepare with setup run, against a bare worktree', provision.rebuiltRatio, 'ratio', null, 2),
    figure('prepare.pooled-setup-reused.median', 'attempt prepare: pooled worktree (workspace.pool, the default), setup reused, median', provision.pooledMedianMs, 'ms', null, 0),
    figure('prepare.pooled-setup-reused.ratio', 'attempt prepare on a pooled worktree with setup reused, against a bare worktree', provision.pooledRatio, 'ratio', { op: '<', value: 2 }, 2),
    figure('large-repo.prepare.pool-of-fresh', `large repository (${largeRepo.files} files): prepare on the warm pool / a fresh \`git worktree add\` (median of pairs)`, largeRepo.pooledOfFresh.median, 'ratio', { op: '<=', value: 0.1 }, 3),
    figure('large-repo.prepare.fresh.median', 'large repository: prepare, fresh worktree, median', largeRepo.freshMs.median, 'ms', null, 0),
    figure('large-repo.prepare.pool.median', 'large repository: prepare, warm pool, median', largeRepo.pooledMs.median, 'ms', null, 0),
    figure('large-repo.disk-per-attempt', 'large repository: disk per live attempt, full checkout', largeRepo.diskPerLiveAttemptMiB * MB(1), 'MB', null, 0),
    figure('large-repo.disk-per-attempt.sparse', 'large repository: disk per live attempt, workspace.sparse of one folder', largeRepo.sparseDiskPerLiveAttemptMiB * MB(1), 'MB', null, 1),
    figure('floor.overhead.wall-of-floor', `swarm run / git floor loop, ${floorOverhead.attempts} serial attempts, wall (median of pairs)`, floorOverhead.wallOfFloor.median, 'ratio', { op: '<=', value: 2 }, 2),
    figure('floor.overhead.cpu-of-floor', 'swarm run / git floor loop, CPU (median of pairs)', floorOverhead.cpuOfFloor?.median ?? Number.NaN, 'ratio', { op: '<=', value: 2 }, 2),
    figure('cli.version.wall.median', 'swarm --version start-up', cli.versionMedianMs, 'ms', { op: '<', value: 100 }, 0),
    figure('cli.node.wall.median', 'node -e 0, the floor under --version (sampled alternately)', cli.nodeMedianMs, 'ms', null, 0),
    figure('cli.eval.wall.median', `swarm eval --json (evaluator ${Math.round(cli.evalEvaluatorMedianMs)} ms)`, cli.evalMedianMs, 'ms', null, 0),
  ];

  const out = [
    `swarm bench${quick ? ' (--quick: small sizes, figures not comparable, no results file)' : ''}`,
    `node ${machine.node}, ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.platform}/${machine.arch}, ${machine.date}`,
    `load average (1 min) at start ${machine.loadAverage1m}, at end ${machine.loadAverage1mAtEnd}: figures from a busy machine are slower`,
    '',
    formatTable(figures),
    '',
    '1. orchestration overhead per attempt',
    ...explainOverhead(overhead).map((l) => `   ${l}`),
    '',
    '2. slot utilization',
    ...explainSlots(slots, explorers, asyncSlots, asyncExplorers).map((l) => `   ${l}`),
    '',
    '3. status and graph on a large run',
    ...explainLargeStore(store).map((l) => `   ${l}`),
    '',
    ...(dashboard.skipped ? [`dashboard not measured: ${dashboard.skipped}`, ''] : []),
    `   real-run store: ${realStore.seedAttempts} attempts of a real \`swarm run\` copied up to ${realStore.count} (${realStore.dbMiB.toFixed(1)} MiB): status ${Math.round(realStore.status.wallMedianMs)} ms (CPU ${Math.round(realStore.status.cpuMedianMs)} ms), graph ${Math.round(realStore.graph.wallMedianMs)} ms (CPU ${Math.round(realStore.graph.cpuMedianMs)} ms) (median of ${sizes.samples}).`,
    '',
    `   growth run: ${growth.attempts} attempts (${growth.optimizers} optimizers), async, 2 agents / 2 evaluations, random-score evaluator, ${growth.wallS.toFixed(0)} s; per quarter ${growth.quarters.map((q) => `${Math.round(q.msPerAttempt)} ms`).join(' -> ')} (driver CPU ${growth.quarters.map((q) => `${Math.round(q.driverCpuMsPerAttempt)} ms`).join(' -> ')}); driver RSS median per quarter ${growth.quarters.map((q) => `${Math.round(q.rssMedianMiB)} MiB`).join(' -> ')}, peak ${Math.round(growth.peakRssMiB)} MiB.`,
    '',
    '4. pictures of a large run',
    ...pictures.map((p) => `   ${p.count} attempts: ${p.drawnNodes} boxes drawn (folded); svg ${(p.svg.outputBytes / 1e3).toFixed(0)} kB, png ${(p.png.outputBytes / 1e6).toFixed(1)} MB; median of ${Math.min(3, sizes.samples)} process runs each`),
    '',
    '5. evaluation runners (slurm against local) and GPU occupancy',
    ...explainEvalRunners(runners).map((l) => `   ${l}`),
    '',
    '6. agent-bound throughput against the git floor (a bare loop doing the same git work with the same sleeps and parallelism)',
    ...agentBound.flatMap(explainAgentBound).map((l) => `   ${l}`),
    '',
    '7. large repository: a fresh worktree against the worktree pool',
    ...explainLargeRepo(largeRepo).map((l) => `   ${l}`),
    '',
    '8. overhead against the git floor loop',
    ...explainFloorOverhead(floorOverhead).map((l) => `   ${l}`),
    `   swarm --version / node -e 0 over ${sizes.samples} interleaved pairs: min ${cli.versionOfNode.min.toFixed(2)}, median ${cli.versionOfNode.median.toFixed(2)}, max ${cli.versionOfNode.max.toFixed(2)}`,
    '',
    `9. many agents: the driver with ${sizes.manyAgents.join(' and ')} concurrent agents against ${manyAgents.reference.agents}`,
    ...explainManyAgents(manyAgents).map((l) => `   ${l}`),
    '',
  ];
  const missed = figures.filter((f) => f.pass === false);
  out.push(missed.length === 0 ? 'all goals met' : `goals missed: ${missed.map((f) => f.name).join(', ')}`);
  process.stdout.write(`${out.join('\n')}\n`);
  if (!quick) {
    writeResults(RESULTS, machine, figures, { sizes, pictures, dashboard, overhead, slots: { literal: slots, explorers, async: asyncSlots, asyncExplorers }, largeStore: store, realStore, growth, cli, evalRunners: runners, agentBound, provision, manyAgents, largeRepo, floorOverhead });
    log(`wrote ${RESULTS}`);
  }
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return strict && missed.length > 0 ? 1 : 0;
};

const onSignal = () => {
  removeTempDirs();
  process.exit(130);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);
try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  removeTempDirs();
}
