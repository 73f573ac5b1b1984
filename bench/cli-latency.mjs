import { createRepo } from './lib/fixture-repo.mjs';
import { runCli } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/**
 * Start-up cost of the CLI: `swarm --version` (process start, imports, commander), and
 * `swarm eval --json` with a trivial evaluator (what an optimizer pays per self-evaluation).
 */
export const measureCliLatency = async ({ samples, log }) => {
  const repo = createRepo('cli', { evaluator: { command: `echo '{"score": 1}'` } });
  log(`cli: swarm --version and swarm eval --json x${samples}`);
  const version = [];
  const evalWall = [];
  const evaluator = [];
  for (let i = 0; i < samples; i++) {
    version.push((await runCli(['--version'], { cwd: repo })).wallMs);
    const run = await runCli(['eval', '--json'], { cwd: repo });
    evalWall.push(run.wallMs);
    evaluator.push(JSON.parse(run.stdout).stages.reduce((t, s) => t + s.durationMs, 0));
  }
  removeTempDir(repo);
  return { versionMedianMs: median(version), evalMedianMs: median(evalWall), evalEvaluatorMedianMs: median(evaluator) };
};
