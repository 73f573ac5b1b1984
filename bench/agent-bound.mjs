// Agent-bound throughput: a sleeping `command` agent, against the git floor with the same sleeps.
import { join } from 'node:path';
import { SwarmStore } from '../dist/store/swarm-store.js';
import { createRepo } from './lib/fixture-repo.mjs';
import { gitFloor } from './lib/git-floor.mjs';
import { runCli } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/** The agent: sleeps, then sets one constant to a fresh number (every attempt changes the code). */
const agentScript = (sleepS) => `sleep ${sleepS}; n=$(date +%N); sed -i "s/^const a = .*;/const a = $n;/" prog.js; echo "set a to $n"`;

const configFor = ({ agents, sleepS, schedule }) => ({
  evaluator: { command: `echo '{"score": 1}'` },
  agent: { backend: 'command', command: { argv: ['sh', '-c', agentScript(sleepS)] } },
  shepherd: { schedule },
  concurrency: { agents, evaluations: 2 },
});

/** Attempts of the run (baseline excluded), with the span from the first plan to the last end. */
const readRun = (repo) => {
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'), { mustExist: true });
  try {
    const run = store.latestRun();
    const attempts = store.listAttempts(run.id).filter((a) => a.role !== 'baseline');
    const spanMs = Math.max(...attempts.map((a) => a.finishedAt ?? 0)) - Math.min(...attempts.map((a) => a.createdAt));
    return { attempts, spanMs, scored: attempts.filter((a) => a.status === 'scored').length };
  } finally {
    store.close();
  }
};

const swarmRun = async ({ agents, sleepS, schedule, attempts, log }) => {
  const repo = createRepo(`agent-bound-${schedule}`, configFor({ agents, sleepS, schedule }));
  try {
    await runCli(['run', '--attempts', String(attempts), '--json', '--quiet'], { cwd: repo });
    const { spanMs, scored, attempts: done } = readRun(repo);
    log(`  swarm ${schedule}: ${done.length} attempts (${scored} scored) in ${(spanMs / 1000).toFixed(1)} s`);
    return { spanMs, scored, attempts: done.length };
  } finally {
    removeTempDir(repo);
  }
};

const floorRun = async ({ agents, sleepS, attempts, log }) => {
  const repo = createRepo('agent-bound-floor', {});
  try {
    const { wallMs } = await gitFloor({ repo, attempts, parallel: agents, sleepS });
    log(`  git floor: ${attempts} attempts in ${(wallMs / 1000).toFixed(1)} s`);
    return { wallMs };
  } finally {
    removeTempDir(repo);
  }
};

const spread = (values) => ({ min: Math.min(...values), median: median(values), max: Math.max(...values) });

/**
 * One shape (S seconds per agent, `agents` slots): per repeat, the floor, the async run and the
 * waves run one after another (interleaved, so load changes hit all three). Throughput of a swarm
 * run as a fraction of the floor = floor wall ÷ swarm span (the same attempts); the ideal is
 * attempts × S ÷ agents.
 */
export const measureAgentBound = async ({ agents, sleepS, attempts, repeats = 1, log }) => {
  log(`agent-bound: ${attempts} attempts, ${agents} agents sleeping ${sleepS} s, ${repeats} interleaved repeat(s): floor, async, waves`);
  const rows = [];
  for (let r = 0; r < repeats; r++) {
    const floor = await floorRun({ agents, sleepS, attempts, log });
    const async = await swarmRun({ agents, sleepS, schedule: 'async', attempts, log });
    const waves = await swarmRun({ agents, sleepS, schedule: 'waves', attempts, log });
    rows.push({ floorMs: floor.wallMs, asyncMs: async.spanMs, wavesMs: waves.spanMs, asyncScored: async.scored, wavesScored: waves.scored });
  }
  const idealMs = (attempts * sleepS * 1000) / agents;
  return {
    agents,
    sleepS,
    attempts,
    repeats,
    idealMs,
    rows,
    asyncOfFloor: spread(rows.map((r) => r.floorMs / r.asyncMs)),
    wavesOfFloor: spread(rows.map((r) => r.floorMs / r.wavesMs)),
    floorOfIdeal: spread(rows.map((r) => idealMs / r.floorMs)),
    asyncOfIdeal: spread(rows.map((r) => idealMs / r.asyncMs)),
    wavesOfIdeal: spread(rows.map((r) => idealMs / r.wavesMs)),
  };
};

/** Lines for the printed explanation. */
export const explainAgentBound = (shape) => {
  const f = (s) => `${s.median.toFixed(2)} (min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)})`;
  const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `${shape.agents} agents × ${shape.sleepS} s, ${shape.attempts} attempts (ideal ${secs(shape.idealMs)}), ${shape.repeats} repeat(s), each: floor / async / waves = ${shape.rows.map((r) => `${secs(r.floorMs)} / ${secs(r.asyncMs)} / ${secs(r.wavesMs)}`).join('; ')}`,
    `  of the floor: async ${f(shape.asyncOfFloor)}, waves ${f(shape.wavesOfFloor)}; of the ideal: floor ${f(shape.floorOfIdeal)}, async ${f(shape.asyncOfIdeal)}, waves ${f(shape.wavesOfIdeal)}`,
  ];
};
