import { EVALUATOR_RUNNERS } from '../../eval/runners/registry.js';
import type { ReapedJobs } from '../../eval/runners/runner-descriptor.js';
import type { RunDeps } from '../context/run-context.js';

/** What looking for leftover jobs needs: the runs in the store, this run's config, the project root, the logger. */
export type ReapClusterDeps = Pick<RunDeps, 'store' | 'config' | 'paths' | 'logger'>;

/** A config (or a run's stored config) that sends anything to this runner: an evaluator, an agent, a pool entry. */
const usesRunner = (name: string, json: string): boolean =>
  new RegExp(`"runner"\\s*:\\s*${JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(json);

/**
 * Cancels the jobs that killed drivers of this project left queued or running on a runner's
 * machines (Slurm: those named for one of its runs, `swarm-<run>-…`, evaluation or agent alike,
 * tagged with its root, whose submitting process is gone). Their attempts are re-planned (or
 * recorded from a stored result), so a job still running would only hold a GPU for a result nobody
 * reads (docs/decisions.md, issue 30). Only looked for with a runner whose descriptor has
 * `leftovers`, when this config or an earlier run's names it (agent.runner included: agents placed
 * on Slurm use the same shared adapter and job names); only called once this process owns the
 * project's live run.
 */
export const reapClusterJobs = async (ctx: ReapClusterDeps, report: (line: string) => void): Promise<ReapedJobs | null> => {
  const runs = ctx.store.listRuns();
  const config = JSON.stringify(ctx.config);
  let last: ReapedJobs | null = null;
  for (const [name, { leftovers }] of Object.entries(EVALUATOR_RUNNERS)) {
    if (leftovers === null) continue;
    if (!usesRunner(name, config) && !runs.some((run) => usesRunner(name, run.configJson))) continue;
    const result = await leftovers.reap({ root: ctx.paths.root, runIds: runs.map((run) => run.id) });
    last = result;
    if (result.unavailable) {
      report(`warning: the ${name} runner's job system did not answer, so ${leftovers.jobs}s a stopped swarm process may have left were not looked for; check ${leftovers.lookByHand}`);
      ctx.logger.warn({ runner: name }, `${leftovers.jobs}s a killed driver left (if any) were not looked for: the job system did not answer`);
      continue;
    }
    if (result.cancelled.length > 0) {
      const names = result.cancelled.map((job) => `${job.id} (${job.name})`);
      report(`cancelled ${result.cancelled.length} ${leftovers.jobs}(s) a stopped swarm process left: ${names.join(', ')}`);
      ctx.logger.warn({ runner: name, jobs: names, stillListed: result.stillListed }, `cancelled ${leftovers.jobs}s left by a previous swarm process`);
    }
    if (result.stillListed.length > 0) report(`warning: the ${name} runner still lists cancelled job(s) ${result.stillListed.join(', ')} as running; check ${leftovers.lookByHand}`);
  }
  return last;
};
