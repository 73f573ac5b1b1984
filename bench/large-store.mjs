import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { profileCli } from './lib/cpu-profile.mjs';
import { createRepo } from './lib/fixture-repo.mjs';
import { BIN, git, runCli, runCliWithRss, runProcess } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { writeSyntheticRun } from './lib/synthetic-store.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/** Runs `swarm <args>` (the installed bin, dist/cli/bin.cjs) `samples` times in `repo`: median wall, peak RSS, and the last output. */
const sample = async (repo, args, samples) => {
  const out = join(repo, '.git', 'bench-output.txt');
  const walls = [];
  const rss = [];
  const cpu = [];
  let source = '';
  for (let i = 0; i < samples; i++) {
    const result = await runCliWithRss(args, { cwd: repo, entry: BIN, stdoutFile: out, scratchDir: join(repo, '.git') });
    walls.push(result.wallMs);
    rss.push(result.rssMiB);
    cpu.push(result.cpuMs);
    source = result.rssSource;
  }
  return { wallMedianMs: median(walls), wallMinMs: Math.min(...walls), cpuMedianMs: median(cpu), rssMaxMiB: Math.max(...rss), rssSource: source, outputBytes: statSync(out).size, output: readFileSync(out, 'utf8') };
};

const spread = (values) => ({ min: Math.min(...values), median: median(values), max: Math.max(...values) });

/**
 * Issue 29's read-path ratios, from rounds of interleaved runs (load moves each round alike), each
 * command run as users run it (the installed bin, dist/cli/bin.cjs):
 * plain `status` of the large run against plain `status` of the 5-attempt run (goal <= 2), and
 * `status --json` of the large run against `node -e 0` (goal <= 2).
 */
const readPathRatios = async ({ small, large, samples, log }) => {
  log(`large store: read-path ratios, ${samples} interleaved rounds`);
  const plainOfSmall = [];
  const jsonOfNode = [];
  const plainOfNode = [];
  for (let i = 0; i < samples; i++) {
    const node = (await runProcess(process.execPath, ['-e', '0'], { cwd: large })).wallMs;
    const plainSmall = (await runCli(['status'], { cwd: small, entry: BIN })).wallMs;
    const plainLarge = (await runCli(['status'], { cwd: large, entry: BIN })).wallMs;
    const json = (await runCli(['status', '--json'], { cwd: large, entry: BIN, stdoutFile: join(large, '.git', 'bench-json.txt') })).wallMs;
    plainOfSmall.push(plainLarge / plainSmall);
    jsonOfNode.push(json / node);
    plainOfNode.push(plainLarge / node);
  }
  return { plainOfSmall: spread(plainOfSmall), jsonOfNode: spread(jsonOfNode), plainOfNode: spread(plainOfNode) };
};

/** Scenario 3: `swarm status --json` and `swarm graph --format dot` on a run of `count` attempts. */
export const measureLargeStore = async ({ count, samples, log }) => {
  const repo = createRepo('large-store', { evaluator: { command: `echo '{"score": 1}'` } });
  log(`large store: writing ${count} synthetic attempts in one transaction`);
  const t = performance.now();
  writeSyntheticRun({ repo, baseCommit: git(repo, 'rev-parse', 'HEAD'), count });
  const populateS = (performance.now() - t) / 1000;
  const dbMiB = statSync(join(repo, '.swarm', 'swarm.db')).size / 2 ** 20;

  // The same command on a run of 5 attempts: its start-up cost, independent of the store's size.
  const small = createRepo('small-store', { evaluator: { command: `echo '{"score": 1}'` } });
  writeSyntheticRun({ repo: small, baseCommit: git(small, 'rev-parse', 'HEAD'), count: 5 });
  log(`large store: swarm status --json x${samples} on a run of 5 attempts`);
  const smallStatus = await sample(small, ['status', '--json'], samples);
  const ratios = await readPathRatios({ small, large: repo, samples, log });
  removeTempDir(small);

  log(`large store: swarm status --json x${samples}`);
  const status = await sample(repo, ['status', '--json'], samples);
  const report = JSON.parse(status.output);
  if (report.attempts.length !== count) throw new Error(`status --json listed ${report.attempts.length} attempts, expected ${count}`);
  log(`large store: swarm graph --format dot x${samples}`);
  const graph = await sample(repo, ['graph', '--format', 'dot'], samples);
  const edges = graph.output.split('\n').filter((line) => line.includes(' -> ')).length;
  if (!graph.output.startsWith('digraph')) throw new Error('graph --format dot printed no digraph');
  log('large store: one CPU profile of each command');
  const statusProfile = await profileCli(['status', '--json'], { cwd: repo, entry: BIN });
  const graphProfile = await profileCli(['graph', '--format', 'dot'], { cwd: repo, entry: BIN });
  removeTempDir(repo);
  const strip = ({ output: _output, ...rest }) => rest;
  return { count, populateS, smallStatusWallMedianMs: smallStatus.wallMedianMs, ratios, dbMiB, waves: report.waves.length, edges, status: { ...strip(status), profile: statusProfile }, graph: { ...strip(graph), profile: graphProfile } };
};

/**
 * Scenario 3b: the same two commands on a store written by a real run (see real-store.mjs: a
 * real `swarm run` of `seedAttempts`, its rows copied up to `count` attempts).
 */
export const measureRealStore = async ({ count, seedAttempts, samples, log }) => {
  const { writeRealRunStore } = await import('./lib/real-store.mjs');
  const { repo, seedAttempts: seeded, attempts } = await writeRealRunStore({ count, seedAttempts, log });
  const dbMiB = statSync(join(repo, '.swarm', 'swarm.db')).size / 2 ** 20;
  log(`real store: swarm status --json and swarm graph --format dot x${samples}`);
  const status = await sample(repo, ['status', '--json'], samples);
  if (JSON.parse(status.output).attempts.length !== attempts) throw new Error(`status --json on the real store did not list ${attempts} attempts`);
  const graph = await sample(repo, ['graph', '--format', 'dot'], samples);
  if (!graph.output.startsWith('digraph')) throw new Error('graph --format dot printed no digraph');
  removeTempDir(repo);
  const strip = ({ output: _output, ...rest }) => rest;
  return { count: attempts, seedAttempts: seeded, dbMiB, status: strip(status), graph: strip(graph) };
};
