import { cancelLeftoverJobs, type CancelledJobs } from '../../slurm/leftover-jobs.js';
import type { RunContext } from '../context/run-context.js';

/** A config (or a run's stored config) that sends anything to Slurm: an evaluator, an agent, a pool entry. */
const SLURM_RUNNER = /"runner"\s*:\s*"slurm"/;

/**
 * Cancels the Slurm jobs that killed drivers of this project left queued or running: those named
 * for one of its runs (`swarm-<run>-…`, evaluation or agent alike) and tagged with its root, whose
 * submitting process is gone. Their attempts are re-planned (or recorded from a stored result), so
 * a job still running would only hold a GPU for a result nobody reads (docs/decisions.md, issue 30).
 * Only looked for when this config or an earlier run's used a Slurm runner; only called once this
 * process owns the project's live run.
 */
export const reapClusterJobs = async (ctx: RunContext, report: (line: string) => void): Promise<CancelledJobs | null> => {
  const runs = ctx.store.listRuns();
  const slurm = SLURM_RUNNER.test(JSON.stringify(ctx.config)) || runs.some((run) => SLURM_RUNNER.test(run.configJson));
  if (!slurm) return null;
  const result = await cancelLeftoverJobs({ root: ctx.paths.root, runIds: runs.map((run) => run.id) });
  if (result.unavailable) {
    report('warning: squeue did not answer, so Slurm jobs a stopped swarm process may have left were not looked for; check `squeue --me` for jobs named swarm-<run>-…');
    ctx.logger.warn('squeue did not answer: Slurm jobs a killed driver left (if any) were not looked for');
    return result;
  }
  if (result.cancelled.length > 0) {
    const names = result.cancelled.map((job) => `${job.id} (${job.name})`);
    report(`cancelled ${result.cancelled.length} Slurm job(s) a stopped swarm process left: ${names.join(', ')}`);
    ctx.logger.warn({ jobs: names, stillListed: result.stillListed }, 'cancelled Slurm jobs left by a previous swarm process');
  }
  if (result.stillListed.length > 0) report(`warning: Slurm still lists cancelled job(s) ${result.stillListed.join(', ')} as running; check them with squeue`);
  return result;
};
