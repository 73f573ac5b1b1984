import { createRepo } from './lib/fixture-repo.mjs';
import { BIN, runCli, runProcess } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';

const spread = (values) => ({ min: Math.min(...values), median: median(values), max: Math.max(...values) });
import { removeTempDir } from './lib/temp-dirs.mjs';

/**
 * Start-up cost of the CLI: `swarm --version` through the installed bin (dist/cli/bin.cjs) beside the floor
 * under it (`node -e 0`, sampled alternately with it, so load moves both alike), and `swarm eval
 * --json` with a trivial evaluator (what an optimizer pays per self-evaluation).
 */
export const measureCliLatency = async ({ samples, log }) => {
  const repo = createRepo('cli', { evaluator: { command: `echo '{"score": 1}'` } });
  log(`cli: swarm --version and swarm eval --json x${samples}`);
  const version = [];
  const bareNode = [];
  const evalWall = [];
  const evaluator = [];
  for (let i = 0; i < samples; i++) {
    version.push((await runProcess(process.execPath, [BIN, '--version'], { cwd: repo })).wallMs);
    bareNode.push((await runProcess(process.execPath, ['-e', '0'], { cwd: repo })).wallMs);
    const run = await runCli(['eval', '--json'], { cwd: repo });
    evalWall.push(run.wallMs);
    evaluator.push(JSON.parse(run.stdout).stages.reduce((t, s) => t + s.durationMs, 0));
  }
  removeTempDir(repo);
  // Each --version beside the node -e 0 taken right after it: the ratio of a pair cancels the load.
  const versionOfNode = spread(version.map((v, i) => v / bareNode[i]));
  return { versionMedianMs: median(version), nodeMedianMs: median(bareNode), versionOfNode, evalMedianMs: median(evalWall), evalEvaluatorMedianMs: median(evaluator) };
};
