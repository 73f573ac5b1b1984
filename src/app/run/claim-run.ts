import type { SwarmConfig } from '../../config-assembly/index.js';
import { SwarmError } from '../../core/domain/errors.js';
import { currentProcessIdentity, isIdentityAlive } from '../../process/process-identity.js';
import type { RunRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';

/** The run a plain `swarm run` would resume (read before the config, for the run's own flags), or null (also without a store). */
export const resumableRun = (store: RunQueries | null): RunRecord | null => {
  const latest = store?.latestRun() ?? null;
  if (latest === null) return null;
  const abandoned = latest.status === 'running' && (latest.ownerPid === null || latest.ownerPid === process.pid || !isIdentityAlive({ pid: latest.ownerPid, started: latest.ownerStarted }));
  return latest.status === 'interrupted' || abandoned ? latest : null;
};

export interface ClaimRunInput {
  config: SwarmConfig;
  /** The run to resume (see resumableRun), or null for a new one. */
  candidate: RunRecord | null;
  base: { commit: string; branch: string | null };
  /** Run numbers already used by branches in the repository: the new run's is above them. */
  seqFloor: number;
  /** JSON of the overrides to keep with a resumed run, and those to start a new one with (absent: a resumed run keeps its own). */
  overridesJson?: { resumed: string; created: string };
  /**
   * Which latest run continues, asked once dead owners are released (their runs are `interrupted`
   * by then); by default the candidate, if it is still the latest and interrupted.
   */
  resumes?: (latest: RunRecord) => boolean;
  /** Who claims: `swarm run`, or the background driver of `swarm spawn` (named in the lock message and the event). */
  by?: 'run' | 'spawn';
}

/**
 * Makes this process the one driver of the repository (`swarm run` and the spawn driver alike):
 * every other `running` run whose owner is gone is marked interrupted, then the latest run is
 * resumed (see `resumes`) or a new run created. The check and
 * the claim are one transaction, so two `swarm run` started together cannot both win; a live
 * owner is a SwarmError('RUN_LOCKED').
 */
export const claimRun = (store: RunQueries, input: ClaimRunInput): { run: RunRecord; resumed: boolean } => {
  const { config } = input;
  const owner = currentProcessIdentity();
  const spawn = input.by === 'spawn';
  const resumes = input.resumes ?? ((latest: RunRecord) => latest.status === 'interrupted' && latest.id === input.candidate?.id);
  return store.transaction(() => {
    for (const other of store.listRuns().filter((r) => r.status === 'running')) {
      if (other.ownerPid !== null && other.ownerPid !== process.pid && isIdentityAlive({ pid: other.ownerPid, started: other.ownerStarted })) {
        const retry = spawn ? 'wait for it to finish (or stop it with Ctrl-C), then spawn again' : 'wait for it to finish, or stop it with Ctrl-C (twice to stop at once) and run again';
        throw new SwarmError('RUN_LOCKED', `run ${other.id} is being driven by process ${other.ownerPid}; ${retry}`);
      }
      store.updateRun(other.id, { status: 'interrupted', ownerPid: null });
    }
    const latest = store.latestRun();
    if (latest !== null && resumes(latest)) {
      const overrides = input.overridesJson === undefined ? {} : { overridesJson: input.overridesJson.resumed };
      store.updateRun(latest.id, { status: 'running', ownerPid: owner.pid, ownerStarted: owner.started, attemptBudget: config.budget.attempts, stopReason: null, finishedAt: null, ...overrides });
      store.addEvent(latest.id, 'run.resumed', spawn ? { pid: process.pid, by: 'spawn' } : { pid: process.pid });
      return { run: latest, resumed: true };
    }
    const created = store.createRun({
      description: config.task.description,
      metric: config.objective.metric,
      direction: config.objective.direction,
      baseCommit: input.base.commit,
      baseBranch: input.base.branch,
      configJson: JSON.stringify(config),
      attemptBudget: config.budget.attempts,
      ownerPid: owner.pid,
      ownerStarted: owner.started,
      minSeq: input.seqFloor,
      ...(input.overridesJson === undefined ? {} : { overridesJson: input.overridesJson.created }),
    });
    return { run: created, resumed: false };
  });
};
