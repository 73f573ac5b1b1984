// Many agents: the driver's memory, CPU and open files with 32 and 64 concurrent `command` agents
// that sleep, against a reference of 4 agents measured in the same run.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SwarmStore } from '../dist/store/swarm-store.js';
import { createRepo } from './lib/fixture-repo.mjs';
import { CLI } from './lib/proc.mjs';
import { figure, machineFacts } from './lib/report.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/** The agent's sleep: an odd number, so its `sleep` processes can be counted on the machine. */
const SLEEP = '17.013';
const SAMPLE_MS = 200;

const agentScript = `sleep ${SLEEP}; n=$(date +%N); sed -i "s/^const a = .*;/const a = $n;/" prog.js; echo "set a to $n"`;

const configFor = (agents) => ({
  evaluator: { command: `echo '{"score": 1}'` },
  agent: { backend: 'command', command: { argv: ['sh', '-c', agentScript] } },
  shepherd: { schedule: 'async' },
  concurrency: { agents, evaluations: 4 },
});

const readOr = (file, fallback) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

/** Resident set in MiB, CPU (user + system) in ms and open descriptors of a live process, or null. */
const sample = (pid) => {
  const status = readOr(`/proc/${pid}/status`, null);
  const stat = readOr(`/proc/${pid}/stat`, null);
  if (status === null || stat === null) return null;
  const rss = /VmRSS:\s+(\d+) kB/.exec(status);
  // An exiting process (a zombie) has no VmRSS and has closed its files: not a sample.
  if (rss === null) return null;
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  let fds;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
  return { rssMiB: Number(rss[1]) / 1024, cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, fds };
};

/** A file descriptor's path, by what it is for: the attempt's logs, the store, the run log, others by name. */
const fileKind = (path) => {
  if (/\/\.swarm\/logs\/a\d+\//.test(path)) return `log file (${path.replace(/.*\/\.swarm\/logs\/a\d+\//, '')})`;
  if (/\.db(-wal|-shm)?$/.test(path)) return 'sqlite';
  const inProject = path.replace(/^.*?\/\.swarm\//, '.swarm/').replace(/^\/tmp\/[^/]+\//, '');
  return `file ${inProject.replace(/\/a\d+(?=\/|$)/g, '/a*')}`;
};

/** What a process's descriptors are, by kind: pipe, socket, anon_inode:[pidfd]…, file (anything with a path). */
const fdKinds = (pid) => {
  const kinds = {};
  let entries;
  try {
    entries = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return kinds;
  }
  for (const fd of entries) {
    let target;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const kind = target.startsWith('/') ? fileKind(target) : target.replace(/:\[?\d+\]?$/, '');
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
};

/** `sleep 17.013` processes alive now: the agents sleeping at this moment. */
const sleepingAgents = () => {
  let n = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (readOr(`/proc/${entry}/cmdline`, '') === `sleep\0${SLEEP}\0`) n++;
  }
  return n;
};

const readRun = (repo) => {
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'), { mustExist: true });
  try {
    const run = store.latestRun();
    const attempts = store.listAttempts(run.id).filter((a) => a.role !== 'baseline');
    return { attempts: attempts.length, scored: attempts.filter((a) => a.status === 'scored').length, status: run.status };
  } finally {
    store.close();
  }
};

/** One run of `agents` agents and as many attempts, its driver sampled through /proc. */
const measureOne = async ({ agents, log }) => {
  const repo = createRepo(`many-agents-${agents}`, configFor(agents));
  try {
    const child = spawn(process.execPath, [CLI, 'run', '--attempts', String(agents), '--json', '--quiet'], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d.toString()));
    const closed = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    const samples = [];
    let concurrent = 0;
    let peakKinds = {};
    let ended = false;
    void closed.then(() => (ended = true));
    while (!ended) {
      const s = sample(child.pid);
      const sleeping = sleepingAgents();
      concurrent = Math.max(concurrent, sleeping);
      // Open files count while agents run: the start-up's burst of module files is not what agents cost.
      if (s !== null) {
        if (sleeping > 0 && s.fds > samples.reduce((m, x) => (x.sleeping > 0 ? Math.max(m, x.fds) : m), 0)) peakKinds = fdKinds(child.pid);
        samples.push({ ...s, sleeping });
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    const code = await closed;
    if (code !== 0) throw new Error(`swarm run with ${agents} agents exited ${code}: ${stderr.slice(-2000)}`);
    const run = readRun(repo);
    const last = samples.at(-1);
    const result = {
      agents,
      attempts: run.attempts,
      scored: run.scored,
      concurrentPeak: concurrent,
      samples: samples.length,
      rssPeakMiB: Math.max(...samples.map((s) => s.rssMiB)),
      fdsPeak: Math.max(...samples.filter((s) => s.sleeping > 0).map((s) => s.fds)),
      fdsPeakStartUp: Math.max(...samples.map((s) => s.fds)),
      fdsFirst: samples[0]?.fds ?? Number.NaN,
      fdsLast: last?.fds ?? Number.NaN,
      fdKindsAtPeak: peakKinds,
      cpuMs: last?.cpuMs ?? Number.NaN,
      cpuMsPerAttempt: (last?.cpuMs ?? Number.NaN) / Math.max(1, run.attempts),
    };
    log(`  ${agents} agents: ${run.attempts} attempts (${run.scored} scored), ${concurrent} sleeping at once at most; driver RSS peak ${result.rssPeakMiB.toFixed(0)} MiB, open files peak ${result.fdsPeak}, CPU ${result.cpuMs} ms`);
    return result;
  } finally {
    removeTempDir(repo);
  }
};

/**
 * The reference (4 agents) and each of `counts`, one after another in the same run; each count
 * as a ratio to the reference: RSS and open files at their peak, driver CPU per attempt.
 */
export const measureManyAgents = async ({ counts = [32, 64], reference = 4, log }) => {
  log(`many agents: ${reference} (reference), ${counts.join(', ')} concurrent command agents sleeping ${SLEEP} s, one attempt each`);
  const ref = await measureOne({ agents: reference, log });
  const rows = [];
  for (const agents of counts) {
    const row = await measureOne({ agents, log });
    rows.push({
      ...row,
      rssOfReference: row.rssPeakMiB / ref.rssPeakMiB,
      fdsOfReference: row.fdsPeak / ref.fdsPeak,
      fdsPerExtraAgent: (row.fdsPeak - ref.fdsPeak) / (agents - reference),
      cpuPerAttemptOfReference: row.cpuMsPerAttempt / ref.cpuMsPerAttempt,
    });
  }
  return { sleepS: Number(SLEEP), reference: ref, rows };
};

/** Lines for the printed explanation. */
export const explainManyAgents = (many) => {
  const r = many.reference;
  return [
    `command agents sleeping ${many.sleepS} s, one attempt each, async schedule, 4 evaluations (\`echo\`); the driver sampled every ${SAMPLE_MS} ms through /proc (VmRSS, utime + stime, entries of /proc/<pid>/fd); open files counted while agents sleep (the start-up reads its module files at once: ${r.fdsPeakStartUp} for the reference)`,
    `reference ${r.agents} agents: RSS peak ${r.rssPeakMiB.toFixed(0)} MiB, open files peak ${r.fdsPeak} (${r.fdsFirst} at start, ${r.fdsLast} at the last sample), CPU ${r.cpuMs} ms (${r.cpuMsPerAttempt.toFixed(0)} ms per attempt)`,
    ...[r, ...many.rows].map((row) => `${row.agents} agents, descriptors at the peak: ${Object.entries(row.fdKindsAtPeak).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ')}`),
    ...many.rows.map((row) => `${row.agents} agents (${row.concurrentPeak} sleeping at once at most): RSS peak ${row.rssPeakMiB.toFixed(0)} MiB (${row.rssOfReference.toFixed(2)}x), open files peak ${row.fdsPeak} (${row.fdsOfReference.toFixed(2)}x, ${row.fdsPerExtraAgent.toFixed(1)} per extra agent; ${row.fdsLast} at the last sample), CPU ${row.cpuMs} ms (${row.cpuMsPerAttempt.toFixed(0)} ms per attempt, ${row.cpuPerAttemptOfReference.toFixed(2)}x)`),
  ];
};

const MB = (mib) => (mib * 2 ** 20) / 1e6;

/** The figures of results.json: the reference's, and per count its ratios to the reference with their goals. */
export const manyAgentsFigures = (many) => [
  figure('many-agents.reference.rss.peak', `many agents: driver peak RSS, ${many.reference.agents} agents (the reference)`, MB(many.reference.rssPeakMiB), 'MB'),
  figure('many-agents.reference.fds.peak', `many agents: driver's open files at the peak, ${many.reference.agents} agents`, many.reference.fdsPeak, 'files', null, 0),
  ...many.rows.flatMap((row) => [
    figure(`many-agents.${row.agents}.concurrent`, `many agents, ${row.agents}: agents sleeping at once, at most`, row.concurrentPeak, 'agents', { op: '>=', value: row.agents }, 0),
    figure(`many-agents.${row.agents}.rss.peak`, `many agents, ${row.agents}: driver peak RSS`, MB(row.rssPeakMiB), 'MB'),
    figure(`many-agents.${row.agents}.rss.of-reference`, `many agents, ${row.agents}: driver peak RSS against ${many.reference.agents} agents`, row.rssOfReference, 'ratio', { op: '<', value: 2 }, 2),
    figure(`many-agents.${row.agents}.fds.peak`, `many agents, ${row.agents}: driver's open files at the peak`, row.fdsPeak, 'files', null, 0),
    figure(`many-agents.${row.agents}.fds.per-extra-agent`, `many agents, ${row.agents}: open files per agent beyond the reference`, row.fdsPerExtraAgent, 'files', { op: '<', value: 10 }, 1),
    figure(`many-agents.${row.agents}.cpu-per-attempt.of-reference`, `many agents, ${row.agents}: driver CPU per attempt against ${many.reference.agents} agents`, row.cpuPerAttemptOfReference, 'ratio', { op: '<', value: 1.5 }, 2),
  ]),
];

/**
 * `--write`: puts this bench's figures into bench/results.json in place of its earlier ones (the
 * other benches' figures are kept), with the machine facts of this run under details.manyAgents.
 */
const writeOwnFigures = (many, machine) => {
  const file = fileURLToPath(new URL('./results.json', import.meta.url));
  const results = JSON.parse(readFileSync(file, 'utf8'));
  results.figures = [...results.figures.filter((f) => !f.name.startsWith('many-agents.')), ...manyAgentsFigures(many)];
  results.details = { ...results.details, manyAgents: { ...many, machine } };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
};

// `node bench/many-agents.mjs [counts…] [--write]` (after `npm run build`): this bench alone, its
// figures as JSON on stdout; --write also puts them into bench/results.json.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const counts = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 4);
  const machine = machineFacts();
  const result = await measureManyAgents({ ...(counts.length > 0 ? { counts } : {}), log: (line) => process.stderr.write(`${line}\n`) });
  machine.loadAverage1mAtEnd = machineFacts().loadAverage1m;
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  for (const line of explainManyAgents(result)) process.stderr.write(`${line}\n`);
  if (process.argv.includes('--write')) process.stderr.write(`wrote ${writeOwnFigures(result, machine)}\n`);
}
