import { join } from 'node:path';
import type { AgentLauncher, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { readBounded, removeConfined } from '../../workspace/confined-fs.js';
import { processProblem } from '../cli-common/run-agent-cli.js';
import { openJobFolder, unheldJobFolder, writeJobFile } from '../placement/job-folder.js';
import { failedApiOutcome } from './failed-outcome.js';
import { API_JOB_FILES, apiJobOutcomeSchema, type ApiJobSpec } from './api-job-files.js';
import type { ModelClientSettings } from './create-model-api.js';

/** The largest outcome read back (its stored conversation included). */
const MAX_OUTCOME_BYTES = 64 * 2 ** 20;
/** Time the job has after agent.timeout to end its loop and write the outcome before the launcher stops it. */
const WRAP_UP_MS = 30_000;

export interface ApiJobSettings {
  client: ModelClientSettings;
  loop: ApiJobSpec['loop'];
  /** argv of `swarm agent-job` without the spec's path. */
  agentJobArgv: readonly string[];
}

/** The outcome the job wrote, read through the held job folder without following a link. */
const readOutcome = async (jobDir: string): Promise<{ ok: true; outcome: AgentOutcome } | { ok: false; problem: string }> => {
  const folder = await openJobFolder(jobDir);
  if (folder === null) return { ok: false, problem: unheldJobFolder(jobDir) };
  const read = await readBounded(folder.at(API_JOB_FILES.outcome), MAX_OUTCOME_BYTES).finally(() => folder.close());
  if (!read.ok) return { ok: false, problem: read.problem === 'missing' ? 'the job wrote no outcome' : `its outcome file is ${read.problem}` };
  try {
    return { ok: true, outcome: apiJobOutcomeSchema.parse(JSON.parse(read.bytes.toString('utf8'))) };
  } catch (error) {
    return { ok: false, problem: `its outcome file is unreadable (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
};

/**
 * An API agent under agent.runner "slurm": the driver writes the task into the job's folder, the
 * job (`swarm agent-job`) runs the tool loop on a node, its transcript mirrored into the attempt's
 * log folder as it runs, and the outcome comes back through the same folder. The job cannot ask the
 * driver's live meter of the run's dollar cap mid-loop: the attempt's share of what was left of
 * budget.costUsd at its start bounds the loop there instead (and agent.maxCostUsd, as always).
 */
export const runApiAgentInJob = async (task: AgentTask, job: { launcher: AgentLauncher; jobDir: string }, settings: ApiJobSettings, signal: AbortSignal): Promise<AgentOutcome> => {
  const spec: ApiJobSpec = {
    client: settings.client,
    loop: settings.loop,
    task: {
      runId: task.runId, attemptId: task.attemptId, worktree: task.worktree, role: task.role, prompt: task.prompt, systemPrompt: task.systemPrompt,
      ...(task.forkHistoryJson !== undefined ? { forkHistoryJson: task.forkHistoryJson } : {}),
      ...(task.maxTurns !== undefined ? { maxTurns: task.maxTurns } : {}),
      ...(task.maxCostUsd !== undefined ? { maxCostUsd: task.maxCostUsd } : {}),
      timeoutMs: task.timeoutMs, seed: task.seed,
    },
    envNames: Object.keys(task.env).sort(),
  };
  const folder = await openJobFolder(job.jobDir);
  if (folder === null) return failedApiOutcome(unheldJobFolder(job.jobDir));
  try {
    await removeConfined(folder, API_JOB_FILES.outcome);
    await writeJobFile(folder, API_JOB_FILES.spec, JSON.stringify(spec), 0o600);
  } finally {
    await folder.close();
  }
  const transcriptPath = join(task.logDir, 'transcript.jsonl');
  const name = `${settings.client.provider} agent`;
  const [file = process.execPath, ...args] = settings.agentJobArgv;
  const exit = await job.launcher.launch({
    file, args: [...args, join(job.jobDir, API_JOB_FILES.spec)], cwd: task.worktree, env: task.env, timeoutMs: task.timeoutMs + WRAP_UP_MS,
    stdoutFile: transcriptPath, stderrFile: join(task.logDir, `${settings.client.provider}-job.stderr.log`), stdin: 'ignore', signal,
  });
  const read = await readOutcome(job.jobDir);
  if (!read.ok) return { ...failedApiOutcome(processProblem(name, exit, task.timeoutMs + WRAP_UP_MS) ?? `${name} ended but ${read.problem}`), transcriptPath };
  task.runCost?.report(read.outcome.usage.costUsd);
  return { ...read.outcome, transcriptPath };
};
