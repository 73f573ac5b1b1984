import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { SwarmStore } from '../dist/store/swarm-store.js';
import { createRepo } from './lib/fixture-repo.mjs';
import { CLI, runProcess } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/** A score from /dev/urandom: every attempt is scored, none alike, in one short shell pipeline. */
const RANDOM_EVALUATOR = `echo "{\\"score\\": $(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}"`;

const growthConfig = () => ({
  evaluator: { command: RANDOM_EVALUATOR },
  shepherd: { schedule: 'async' },
  concurrency: { agents: 2, evaluations: 2 },
  agent: { local: { optimizerSteps: 1 } },
});

/** Resident set of a live process in MiB (Linux /proc), or null once it is gone. */
const rssMiB = (pid) => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
};

const readFinishes = (repo) => {
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'), { mustExist: true });
  try {
    const run = store.latestRun();
    const rows = store.listAttemptRows(run.id).filter((a) => a.role !== 'baseline' && a.finishedAt !== null);
    return { run, finishes: rows.map((a) => a.finishedAt).sort((x, y) => x - y), roles: rows.map((a) => a.role) };
  } finally {
    store.close();
  }
};

/**
 * The growth run: `attempts` attempts of the local agent, async schedule, 2 agents / 2 evaluations,
 * an evaluator that echoes a random score. Wall time per finished attempt in each quarter of the
 * run (by finish order), the driver's own CPU time per attempt in each quarter (robust to other
 * load on the machine), its resident set sampled every 500 ms, and its peak.
 */
export const measureGrowth = async ({ attempts, log, nodeArgs = [] }) => {
  const repo = createRepo('growth', growthConfig());
  log(`growth: ${attempts} attempts, async, 2 agents / 2 evaluations, random-score evaluator in ${repo}`);
  const samples = [];
  const started = performance.now();
  const timeFile = join(repo, '.git', 'bench-time.txt');
  const runPromise = runProcess('/usr/bin/time', ['-v', '-o', timeFile, process.execPath, ...nodeArgs, CLI, 'run', '--attempts', String(attempts), '--json'], { cwd: repo });
  // /usr/bin/time's child is the driver: sample it through /proc.
  const sampler = setInterval(() => {
    // By name: this process may have other node children (the git spawner of an earlier section).
    const timePid = findChild(process.pid, 'time');
    const driver = timePid === null ? null : findChild(timePid, 'node');
    const rss = driver === null ? null : rssMiB(driver);
    const cpu = driver === null ? null : cpuMs(driver);
    if (rss !== null && cpu !== null) samples.push({ at: Date.now(), rssMiB: rss, cpuMs: cpu });
  }, 500);
  const run = await runPromise;
  clearInterval(sampler);
  const wallS = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(`growth run exited with ${run.code}: ${run.stderr.slice(-2000)}`);
  const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'));
  const cpu = /Percent of CPU this job got: (\d+)%/.exec(readFileSync(timeFile, 'utf8'));
  const { finishes, roles } = readFinishes(repo);
  removeTempDir(repo);
  const quarter = Math.floor(finishes.length / 4);
  const quarters = [0, 1, 2, 3].map((q) => {
    const from = q === 0 ? finishes[0] : finishes[q * quarter - 1];
    const to = finishes[q === 3 ? finishes.length - 1 : (q + 1) * quarter - 1];
    const count = q === 0 ? quarter - 1 : q === 3 ? finishes.length - 1 - (3 * quarter - 1) : quarter;
    const within = samples.filter((s) => s.at >= from && s.at <= to);
    const inQuarter = within.map((s) => s.rssMiB);
    // Driver CPU per attempt is what the machine's load does not inflate: the growth of the orchestrator itself.
    const cpu = within.length < 2 ? Number.NaN : (within.at(-1).cpuMs - within[0].cpuMs) / (within.at(-1).at - within[0].at);
    return {
      msPerAttempt: (to - from) / count,
      driverCpuMsPerAttempt: (cpu * (to - from)) / count,
      rssMedianMiB: median(inQuarter),
      rssMaxMiB: inQuarter.length === 0 ? Number.NaN : Math.max(...inQuarter),
    };
  });
  return {
    attempts: finishes.length,
    optimizers: roles.filter((r) => r === 'optimizer').length,
    wallS,
    quarters,
    lastVsSecond: quarters[3].msPerAttempt / quarters[1].msPerAttempt - 1,
    cpuLastVsSecond: quarters[3].driverCpuMsPerAttempt / quarters[1].driverCpuMsPerAttempt - 1,
    peakRssMiB: peak ? Number(peak[1]) / 1024 : Number.NaN,
    // Of the driver and every process it started (git, agents, evaluators), as /usr/bin/time reports it.
    treeCpuPercent: cpu ? Number(cpu[1]) : Number.NaN,
  };
};

/** CPU time (user + system) a live process has used, in ms (Linux /proc; clock ticks of 10 ms), or null. */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields 14 and 15 of /proc/<pid>/stat (utime, stime) are the 12th and 13th after the name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};

/** The first child pid of `pid` whose command name is `comm` (Linux /proc), or null. */
const findChild = (pid, comm) => {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    for (const child of children) {
      if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() === comm) return child;
    }
    return null;
  } catch {
    return null;
  }
};

// `node bench/growth.mjs [attempts]` (after `npm run build`): the growth run alone, its figures as JSON on stdout.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const attempts = Number(process.argv[2] ?? 2_000);
  if (!Number.isInteger(attempts) || attempts < 8) {
    process.stderr.write('usage: node bench/growth.mjs [attempts (at least 8)]\n');
    process.exit(2);
  }
  const result = await measureGrowth({ attempts, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
