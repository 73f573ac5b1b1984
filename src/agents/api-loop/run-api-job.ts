import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { attemptId, runId } from '../../core/domain/ids.js';
import { isSwarmError } from '../../core/domain/errors.js';
import type { RunCostGauge } from '../../core/ports/agent-backend.js';
import type { AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { createApiAgent } from './api-agent.js';
import { apiJobFiles, apiJobSpecSchema, type ApiJobSpec } from './api-job-files.js';
import { modelApiFrom } from './create-model-api.js';
import { failedApiOutcome } from './failed-outcome.js';
import type { ModelProvider } from './model-provider.js';

const writeOutcome = async (path: string, outcome: Omit<AgentOutcome, 'transcriptPath'>): Promise<void> => {
  await writeFile(`${path}.tmp`, JSON.stringify(outcome), { mode: 0o600 });
  await rename(`${path}.tmp`, path);
};

/**
 * The run's dollar cap as the job sees it: the attempt's share of what was left of budget.costUsd
 * when it started (the driver cannot be asked mid-loop; in the driver the live meter does this).
 */
const shareGauge = (shareUsd: number): RunCostGauge => {
  let spent = 0;
  return {
    report: (costUsd) => { spent = costUsd; },
    exceeded: () => (spent >= shareUsd ? `this attempt's share of budget.costUsd ($${shareUsd.toFixed(4)}) is spent ($${spent.toFixed(4)})` : null),
  };
};

/** The task of the spec in this job: the variables swarm set for the attempt, by name, from the job's environment. */
const jobTask = (spec: ApiJobSpec, logDir: string, env: NodeJS.ProcessEnv): AgentTask => ({
  ...spec.task,
  runId: runId(spec.task.runId),
  attemptId: attemptId(spec.task.attemptId),
  env: Object.fromEntries(spec.envNames.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]]))),
  logDir,
  ...(spec.task.maxCostUsd !== undefined ? { runCost: shareGauge(spec.task.maxCostUsd) } : {}),
});

/**
 * The job side of an API agent under agent.runner "slurm" (`swarm agent-job <spec>`): the tool
 * loop runs on this node, in the worktree, its transcript lines also on stdout (which the driver
 * mirrors into the attempt's log folder as they come); the outcome goes beside the spec. A failure
 * of the agent is an outcome; only a spec it cannot read throws. `providerNamed` finds the spec's
 * provider (the API's `runAgentJob` in src/index.ts looks it up in the backend registry, above this folder).
 */
export const runApiJob = async (specPath: string, signal: AbortSignal, providerNamed: (name: string) => ModelProvider | null): Promise<void> => {
  const files = apiJobFiles(dirname(specPath));
  const spec = apiJobSpecSchema.parse(JSON.parse(await readFile(specPath, 'utf8')));
  const provider = providerNamed(spec.client.provider);
  if (provider === null) {
    await writeOutcome(files.outcome, failedApiOutcome(`the spec names model provider "${spec.client.provider}", which no backend of this swarm runs (in the agent's batch job)`));
    return;
  }
  let api;
  try {
    api = await modelApiFrom(provider, spec.client);
  } catch (error) {
    if (!isSwarmError(error)) throw error;
    await writeOutcome(files.outcome, failedApiOutcome(`${error.message} (in the agent's batch job)`));
    return;
  }
  const agent = createApiAgent(api, { ...spec.loop, mode: 'agent', diff: { resamples: 0, fullRewrite: false }, echoTranscript: true });
  const { transcriptPath: _local, ...outcome } = await agent.run(jobTask(spec, files.logDir, process.env), signal);
  await writeOutcome(files.outcome, outcome);
};
