import type { AgentBackend, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { runDiffAttempt } from './diff-mode/run-diff-attempt.js';
import { runApiAgentInJob, type ApiJobSettings } from './api-agent-in-job.js';
import { failedApiOutcome } from './failed-outcome.js';
import type { ModelApi } from './model-api.js';
import { runAgentLoop } from './run-agent-loop.js';
import type { AttemptLimits } from './usage-meter.js';

export interface ApiAgentOptions {
  mode: 'agent' | 'diff';
  limits: AttemptLimits;
  maxOutputTokens: number;
  commandTimeoutMs: number;
  outputChars: number;
  /** `swarm eval --json` as argv, for the run_eval tool. */
  evalArgv?: readonly string[];
  diff: { resamples: number; fullRewrite: boolean };
  /** Transcript lines also on stdout (this loop runs in an agent's batch job). */
  echoTranscript?: boolean;
  /** How the loop runs as a batch job when the task's launcher has one (agent.runner "slurm"). */
  job?: Omit<ApiJobSettings, 'loop'>;
}

/** An AgentBackend on a model API: the tool-using loop, or single-call diff mode. */
export const createApiAgent = (api: ModelApi, options: ApiAgentOptions): AgentBackend => {
  const run = async (task: AgentTask, signal: AbortSignal): Promise<AgentOutcome> => {
    const launcher = task.launcher;
    if (options.mode === 'agent' && options.job !== undefined && launcher?.jobDir !== undefined) {
      const loop = { limits: options.limits, maxOutputTokens: options.maxOutputTokens, commandTimeoutMs: options.commandTimeoutMs, outputChars: options.outputChars, ...(options.evalArgv ? { evalArgv: [...options.evalArgv] } : {}) };
      return runApiAgentInJob(task, { launcher, jobDir: launcher.jobDir }, { ...options.job, loop }, signal);
    }
    const limits = { ...options.limits, maxTurns: task.maxTurns ?? options.limits.maxTurns };
    // agent.timeout bounds the whole attempt: the model call in flight and every tool it runs.
    const deadline = AbortSignal.timeout(task.timeoutMs);
    const bounded = AbortSignal.any([signal, deadline]);
    try {
      const outcome = options.mode === 'diff'
        ? await runDiffAttempt(api, task, { ...options.diff, maxOutputTokens: options.maxOutputTokens, limits }, bounded)
        : await runAgentLoop(api, task, { limits, maxOutputTokens: options.maxOutputTokens, commandTimeoutMs: options.commandTimeoutMs, outputChars: options.outputChars, evalArgv: options.evalArgv, echoTranscript: options.echoTranscript ?? false }, bounded);
      if (deadline.aborted && !signal.aborted) {
        return { ...outcome, status: 'failed', error: `agent timed out after ${Number((task.timeoutMs / 1000).toPrecision(3))} s; raise agent.timeout or lower agent.maxTurns` };
      }
      return outcome;
    } catch (error) {
      // An unwritable log directory or a vanished worktree ends this attempt, not the run.
      const message = error instanceof Error ? error.message : String(error);
      return failedApiOutcome(`${api.provider} agent could not work in ${task.worktree}: ${message}`);
    }
  };
  return { name: api.provider, run };
};
