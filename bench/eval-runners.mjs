// Evaluation runners: per-evaluation overhead of the slurm runner against the local one for 1 s
// jobs, and GPU slot occupancy of a short run with 2 (fake) GPUs on each. Needs the one-node test
// cluster of scripts/start-slurm.sh.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEvaluatorRunner } from '../dist/app/evaluation/create-evaluator-runner.js';
import { validateConfig } from '../dist/config-assembly/validate-config.js';
import { createRepo } from './lib/fixture-repo.mjs';
import { runCli } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { makeTempDir, removeTempDir } from './lib/temp-dirs.mjs';

const START_SLURM = fileURLToPath(new URL('../scripts/start-slurm.sh', import.meta.url));

// Wall-clock stamps (ms) of the evaluator's own start and end, written next to its checkout.
const stampedJob = (marks) => `date +%s%3N > ${marks}/start; sleep 1; date +%s%3N > ${marks}/end; echo '{"score": 1}'`;

/** The sections createEvaluatorRunner reads (evaluator and log) of a config with `evaluator`. */
const evaluatorConfig = (evaluator) => {
  const validation = validateConfig({ evaluator: { command: 'true', ...evaluator } });
  if (!validation.ok) throw new Error(`bench config: ${validation.problems.join('; ')}`);
  return { evaluator: validation.config.evaluator, log: validation.config.log };
};

/** Submit-to-start and finish-to-recorded of `samples` sequential 1 s evaluations on one runner. */
const overheadOf = async (runnerName, samples) => {
  const dir = makeTempDir(`runner-${runnerName}`);
  try {
    const runner = await createEvaluatorRunner(evaluatorConfig({ runner: runnerName }));
    const toStart = [];
    const toRecorded = [];
    for (let i = 0; i < samples; i++) {
      const marks = join(dir, `job-${i}`);
      mkdirSync(marks, { recursive: true });
      const submitted = Date.now();
      const outcome = await runner.run(
        { command: stampedJob(marks), cwd: dir, stage: 'main', seed: i, timeoutMs: 60_000, env: {}, logDir: join(marks, 'log'), metric: 'score' },
        new globalThis.AbortController().signal,
      );
      const recorded = Date.now();
      if (!outcome.valid) throw new Error(`${runnerName} evaluation ${i} failed: ${outcome.reason}`);
      const start = Number(readFileSync(join(marks, 'start'), 'utf8'));
      const end = Number(readFileSync(join(marks, 'end'), 'utf8'));
      toStart.push(start - submitted);
      toRecorded.push(recorded - end);
    }
    return { samples, submitToStartMedianMs: median(toStart), finishToRecordedMedianMs: median(toRecorded), submitToStartMs: toStart, finishToRecordedMs: toRecorded };
  } finally {
    removeTempDir(dir);
  }
};

/**
 * A short `swarm run` whose every evaluation (the agents' `swarm eval` included) appends
 * "gpu start end" to a log: occupancy = GPU-seconds held / (2 GPUs × span of the evaluations).
 */
const occupancyOf = async (runnerName, attempts) => {
  const logDir = makeTempDir(`gpu-log-${runnerName}`);
  const log = join(logDir, 'gpus.log');
  writeFileSync(log, '');
  const command = `s=$(date +%s%3N); sleep 1; echo "$CUDA_VISIBLE_DEVICES $s $(date +%s%3N)" >> ${log}; echo '{"score": 1}'`;
  const evaluator = runnerName === 'slurm'
    ? { command, runner: 'slurm', slurm: { gpus: 1 }, noiseCheck: false }
    : { command, gpus: ['0', '1'], noiseCheck: false };
  const repo = createRepo(`occupancy-${runnerName}`, { evaluator, budget: { attempts }, concurrency: { agents: 4, evaluations: 2 }, shepherd: { initialExplorers: 4, waveSize: 4 } });
  try {
    await runCli(['run'], { cwd: repo });
    const rows = readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' ')).map(([gpu, s, e]) => ({ gpu, start: Number(s), end: Number(e) }));
    const span = Math.max(...rows.map((r) => r.end)) - Math.min(...rows.map((r) => r.start));
    const held = rows.reduce((total, r) => total + (r.end - r.start), 0);
    const overlaps = rows.some((a, i) => rows.some((b, j) => i !== j && a.gpu === b.gpu && a.start < b.end && b.start < a.end));
    return { evaluations: rows.length, gpus: [...new Set(rows.map((r) => r.gpu))].sort(), occupancy: held / (2 * span), spanMs: span, sameGpuOverlap: overlaps };
  } finally {
    removeTempDir(repo);
    removeTempDir(logDir);
  }
};

export const measureEvalRunners = async ({ samples, attempts, log }) => {
  // The test cluster keeps its own config (never /etc/slurm): its last line names it for Slurm's clients.
  const started = execFileSync('bash', [START_SLURM], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const conf = /^SLURM_CONF=(.+)$/m.exec(started)?.[1];
  if (conf === undefined) throw new Error(`scripts/start-slurm.sh printed no SLURM_CONF line: ${started.trim()}`);
  process.env.SLURM_CONF = conf;
  log('eval runners: local overhead');
  const local = await overheadOf('local', samples);
  log('eval runners: slurm overhead');
  const slurm = await overheadOf('slurm', samples);
  log('eval runners: GPU occupancy, local pool of 2');
  const localGpus = await occupancyOf('local', attempts);
  log('eval runners: GPU occupancy, slurm with 2 fake GPUs');
  const slurmGpus = await occupancyOf('slurm', attempts);
  return { local, slurm, localGpus, slurmGpus };
};

export const explainEvalRunners = (r) => [
  `1 s jobs, ${r.local.samples} each, median: submit-to-start local ${r.local.submitToStartMedianMs} ms, slurm ${r.slurm.submitToStartMedianMs} ms;`,
  `finish-to-recorded local ${r.local.finishToRecordedMedianMs} ms, slurm ${r.slurm.finishToRecordedMedianMs} ms (slurm polls scontrol every evaluator.slurm.pollInterval, 1 s).`,
  `GPU occupancy over a short run, 2 GPUs, concurrency.evaluations 2: local ${(r.localGpus.occupancy * 100).toFixed(0)} % of ${r.localGpus.evaluations} evaluations,`,
  `slurm ${(r.slurmGpus.occupancy * 100).toFixed(0)} % of ${r.slurmGpus.evaluations}; two evaluations on one GPU at once: local ${r.localGpus.sameGpuOverlap ? 'YES' : 'never'}, slurm ${r.slurmGpus.sameGpuOverlap ? 'YES' : 'never'}.`,
];

// `node bench/eval-runners.mjs`: these figures alone, printed as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureEvalRunners({ samples: 4, attempts: 6, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n${explainEvalRunners(result).join('\n')}\n`);
}
