// Overhead against the git floor: a serial swarm run of N attempts against N iterations of the bare git loop.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createRepo } from './lib/fixture-repo.mjs';
import { gitFloor } from './lib/git-floor.mjs';
import { runCli } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

const TICK_MS = 10;

/** CPU (user + system, ms) of this process's reaped children so far, from /proc (null elsewhere). */
const childrenCpuMs = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the comm: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return null;
  }
};

const measured = async (fn) => {
  const cpu = childrenCpuMs();
  const started = performance.now();
  await fn();
  const after = childrenCpuMs();
  return { wallMs: performance.now() - started, cpuMs: cpu === null || after === null ? null : after - cpu };
};

const spread = (values) => (values.length === 0 ? null : { min: Math.min(...values), median: median(values), max: Math.max(...values) });

/** One attempt at a time with the local agent and an evaluator that prints a constant, as in overhead.mjs. */
const CONFIG = {
  evaluator: { command: `echo '{"score": 1}'` },
  shepherd: { waveSize: 1, initialExplorers: 1 },
  concurrency: { agents: 1, evaluations: 1 },
  agent: { local: { optimizerSteps: 1 } },
};

/**
 * `repeats` interleaved pairs: `swarm run --attempts N` (serial, trivial evaluator) and the git
 * floor loop of N iterations (worktree add, one-line edit, commit, worktree remove, branch -D) in
 * a repository of the same files. Ratios of wall and of CPU (children's user + system) per pair.
 */
export const measureFloorOverhead = async ({ attempts, repeats, log }) => {
  const wall = [];
  const cpu = [];
  const runs = [];
  for (let i = 0; i < repeats; i++) {
    const repo = createRepo('swarm-bench-floor-run-', CONFIG);
    const floorRepo = createRepo('swarm-bench-floor-git-', CONFIG);
    try {
      const swarm = await measured(() => runCli(['run', '--attempts', String(attempts), '--quiet'], { cwd: repo }));
      const floor = await measured(() => gitFloor({ repo: floorRepo, attempts, parallel: 1, sleepS: 0 }));
      runs.push({ swarm, floor });
      wall.push(swarm.wallMs / floor.wallMs);
      if (swarm.cpuMs !== null && floor.cpuMs !== null && floor.cpuMs > 0) cpu.push(swarm.cpuMs / floor.cpuMs);
      log(`floor overhead ${i + 1}/${repeats}: swarm ${(swarm.wallMs / 1000).toFixed(1)} s (CPU ${((swarm.cpuMs ?? Number.NaN) / 1000).toFixed(1)} s), floor ${(floor.wallMs / 1000).toFixed(1)} s (CPU ${((floor.cpuMs ?? Number.NaN) / 1000).toFixed(1)} s)`);
    } finally {
      removeTempDir(repo);
      removeTempDir(floorRepo);
    }
  }
  return { attempts, repeats, runs, wallOfFloor: spread(wall), cpuOfFloor: spread(cpu) };
};

const fmt = (s) => (s === null ? 'n/a' : `min ${s.min.toFixed(2)} / median ${s.median.toFixed(2)} / max ${s.max.toFixed(2)}`);

export const explainFloorOverhead = (r) => [
  `${r.attempts} attempts, serial, local agent and a constant evaluator, against the same number of bare git-loop iterations; ${r.repeats} interleaved pairs`,
  `wall, swarm / floor: ${fmt(r.wallOfFloor)} (goal <= 2)`,
  `CPU (children, user + system), swarm / floor: ${fmt(r.cpuOfFloor)} (goal <= 2); swarm's figure holds the agent and evaluator processes too`,
];
