import { agentLauncherFor } from '../../agents/placement/agent-launcher-for.js';
import { evaluationStages } from '../../config-assembly/index.js';
import { costShareUsd } from '../../core/budget/cost-share.js';
import { passedEnv } from '../../core/trust/env-allow-list.js';
import { attemptId } from '../../core/domain/ids.js';
import type { AgentLauncher, AgentOutcome } from '../../core/ports/index.js';
import { selfEvalCommands } from '../../core/attempt/self-eval-commands.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import { recordSelfEvalFailures } from '../evaluation/driver-evaluation.js';
import { redactAgentOutcome } from '../evaluation/redaction.js';
import type { Logger } from '../project/logger.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import type { AgentBrief } from './agent-brief.js';
import { runAgentParked, type ParkedDeps } from './run-agent-parked.js';
import { movePhase } from './phase.js';
import type { PreparedWorktree } from './prepare.js';
import { attemptAgent } from './attempt-backend.js';

export type RunAgentDeps = ParkedDeps & Pick<RunDeps, 'systemPrompts' | 'env' | 'evalHandoff' | 'workspace' | 'pool'> & Pick<RunState, 'runCost'>;

/**
 * Step agent: the agent's turn in the prepared worktree, parked and continued at rate and usage
 * limits (limits/run-agent-parked.ts), its outcome redacted. Null when a Ctrl-C ended a wait.
 */
export const runAgent = async (
  ctx: RunAgentDeps,
  attempt: AttemptRecord,
  spec: AttemptSpec,
  prepared: PreparedWorktree,
  brief: AgentBrief,
  out: { log: Logger; report: (line: string) => void },
): Promise<AgentOutcome | null> => {
  const { worktree } = prepared;
  movePhase(ctx.store, attempt.id, 'agent', { worktree, baseCommit: prepared.baseCommit, prompt: brief.prompt });
  const forkHistoryJson = brief.forkFrom ? ctx.store.getSessionHistory(brief.forkFrom) : null;
  out.log.info({ role: spec.role, parents: spec.parents }, 'agent started');
  const systemPrompt = brief.systemPrompt ?? ctx.systemPrompts[spec.role];
  const handoff = await ctx.evalHandoff?.open({ attemptId: attempt.id, worktree });
  // A pool entry's backend and settings (model, mode) for this attempt; the run's budgets stay the run's.
  const agent = attemptAgent(ctx, attempt);
  const parked = await runAgentParked(
    { ...ctx, ...agent },
    attempt,
    {
      runId: ctx.runId,
      attemptId: attemptId(attempt.id),
      // The project's folder of the worktree (a monorepo package), as the user works in the checkout.
      worktree: ctx.workspace.projectFolder(worktree),
      role: spec.role,
      prompt: brief.prompt,
      systemPrompt,
      ...(brief.forkFrom ? { forkFrom: brief.forkFrom } : {}),
      ...(forkHistoryJson !== null ? { forkHistoryJson } : {}),
      ...(agent.config.agent.model ? { model: agent.config.agent.model } : {}),
      maxTurns: ctx.config.agent.maxTurns,
      timeoutMs: ctx.config.agent.timeoutMs,
      ...costShare(ctx),
      ...(ctx.runCost ? { runCost: ctx.runCost.gauge(attempt.id) } : {}),
      ...(ctx.config.agent.stallTimeoutMs === null ? {} : { stallTimeoutMs: ctx.config.agent.stallTimeoutMs }),
      seed: spec.seed,
      // What the evaluator gets beyond the allow-list, so an agent's commands can run it too.
      env: { ...passedEnv(process.env, ctx.config.evaluator.passEnv), ...ctx.config.evaluator.env, ...ctx.env, SWARM_ATTEMPT_ID: attempt.id, SWARM_WORKTREE: worktree, ...handoff?.env },
      logDir: attempt.logDir,
      ...launcherOf({ ...ctx, config: agent.config }, attempt.id, worktree, out.log),
      allowedCommands: selfEvalCommands(`${systemPrompt}\n${brief.prompt}`, evaluationStages(ctx.config.evaluator).map((stage) => stage.command)),
      inspirations: brief.inspirations,
      solutionFiles: ctx.config.task.solutionFiles,
      readFileAt: (commit, relPath) => ctx.workspace.readFileAt(commit, ctx.workspace.repoPath(relPath)),
      ...(brief.parentScore ? { parentScore: brief.parentScore } : {}),
    },
    out,
  ).finally(() => handoff?.close());
  if (parked === null) return null;
  const outcome = redactAgentOutcome(parked);
  // A failed hand-off is recorded by the driver already; its error also shows in the transcript.
  recordSelfEvalFailures(ctx, attempt.id, outcome.selfEvalFailures?.filter((reason) => handoff === undefined || !reason.includes(`swarm eval in attempt ${attempt.id}`)));
  return outcome;
};

/** The attempt's share of the run's remaining dollar budget (what the run's attempts have spent so far). */
const costShare = (ctx: Pick<RunDeps, 'config' | 'store' | 'runId'> & Pick<RunState, 'runCost'>): { maxCostUsd?: number } => {
  // Without a dollar budget there is no share, and nothing to read (the read grows with the run).
  if (ctx.config.budget.costUsd <= 0) return {};
  const spent = ctx.runCost?.spent() ?? ctx.store.listAttemptUsage(ctx.runId).reduce((sum, a) => sum + a.costUsd, 0) + ctx.store.eventUsage(ctx.runId, 'shepherd.llm').costUsd;
  const share = costShareUsd(ctx.config.budget.costUsd, spent, ctx.config.concurrency.agents);
  return share === null ? {} : { maxCostUsd: share };
};

/** Where the agent's process runs (agent.runner); its batch job, when it has one, is stored as it changes. */
const launcherOf = (ctx: RunAgentDeps, id: string, worktree: string, log: Logger): { launcher?: AgentLauncher } => {
  const launcher = agentLauncherFor(ctx.config.agent, {
    runId: ctx.runId, attemptId: id, worktree,
    onJob: (job) => {
      ctx.store.agentJobs.set(id, job);
      log.info({ job }, 'agent job');
    },
  });
  return launcher === undefined ? {} : { launcher };
};
