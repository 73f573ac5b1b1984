import { agentLauncherFor } from '../../agents/placement/agent-launcher-for.js';
import type { AttemptRecord } from '../../store/records.js';
import { attemptAgent } from './attempt-backend.js';
import type { Logger } from '../project/logger.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { PROVISIONED_EVENT, provisionedEventData, provisionFailureText, provisionStep } from '../workspace/provision-step.js';

const warned = new Set<string>();
/** Whether `key` is seen for the first time in this process (a warning shown once, not per attempt). */
const firstTime = (key: string): boolean => !warned.has(key) && warned.add(key) !== undefined;

/** What the provision step needs: the attempt's agent (its pool entry), the workspace, and the forced stop. */
export type ProvisionDeps = Pick<RunDeps, 'runId' | 'config' | 'paths' | 'store' | 'workspace' | 'backend' | 'pool'> & Pick<RunState, 'force'>;

/**
 * Step provision, between prepare and the agent: the worktree gets what the `workspace` section
 * says (carried files, links, submodules, setup). `workspace.setup` runs where the attempt's agent
 * will run (agent.runner, or its pool entry's): a batch job on a node under "slurm". Returns why
 * setup failed, or null.
 */
export const provisionAttempt = async (
  ctx: ProvisionDeps,
  attempt: Pick<AttemptRecord, 'id' | 'logDir' | 'backend' | 'role'>,
  worktree: string,
  out: { log: Logger; report?: (line: string) => void },
): Promise<string | null> => {
  const setupLauncher = agentLauncherFor(attemptAgent(ctx, attempt).config.agent, {
    runId: ctx.runId, attemptId: attempt.id, worktree, role: 'setup',
    onJob: (job) => out.log.info({ job }, 'setup job'),
  });
  const provisioned = await provisionStep({
    config: ctx.config,
    root: ctx.workspace.root,
    subdir: ctx.workspace.subdir,
    setupCacheDir: ctx.paths.setupCacheDir,
    worktree,
    logDir: attempt.logDir,
    ids: { SWARM_RUN_ID: ctx.runId, SWARM_ATTEMPT_ID: attempt.id },
    signal: ctx.force,
    ...(out.report === undefined ? {} : { progress: (line: string) => out.report?.(`${attempt.id}: ${line}`) }),
    ...(setupLauncher === undefined ? {} : { setupLauncher }),
  });
  ctx.store.addEvent(ctx.runId, PROVISIONED_EVENT, provisionedEventData(provisioned), attempt.id);
  out.log.info(provisionedEventData(provisioned), 'worktree provisioned');
  for (const missing of provisioned.missingSubmodules) out.report?.(`warning: ${attempt.id}: submodule ${missing}`);
  for (const missing of provisioned.missingLinks.filter((path) => firstTime(`${ctx.workspace.root}\0${path}`))) {
    out.report?.(`warning: workspace.link ${missing} is not in your checkout, so no worktree has it (create it there, or remove it from workspace.link)`);
  }
  if (provisioned.setup.notCached !== null) out.log.warn({ reason: provisioned.setup.notCached }, 'setup outputs not cached');
  return provisionFailureText(provisioned);
};
