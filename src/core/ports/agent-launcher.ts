/**
 * Where an agent CLI's process runs (agent.runner): on the driver's machine as a process group, or
 * as a batch job on a cluster node. The CLI backends hand their command line to it and read the
 * same files back, so no backend knows where it ran.
 */
export interface AgentLaunch {
  file: string;
  args: string[];
  /** Working directory (the attempt's project folder in its worktree). */
  cwd: string;
  /** What the agent gets beyond the launcher's own base environment. */
  env: Record<string, string>;
  timeoutMs: number;
  /** Where its stdout (the transcript) and stderr end up, streamed while it runs. */
  stdoutFile: string;
  stderrFile: string;
  /** Text for stdin; `ignore` closes it. */
  stdin: 'ignore' | string;
  signal: AbortSignal;
}

/** How the agent's process ended: a value, never a throw (a failure to start is `error`). */
export interface AgentExit {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  canceled: boolean;
  durationMs: number;
  stdoutTail: string;
  stderrTail: string;
  pid: number | null;
  error: string | null;
  leftoverProcesses: number;
}

export interface AgentLauncher {
  launch(launch: AgentLaunch): Promise<AgentExit>;
  /** A folder both the launched process and swarm see (a batch job's, on shared storage); absent: the process runs here. */
  readonly jobDir?: string;
}

/** The batch job an attempt's agent ran as (agent.runner "slurm"), stored beside the attempt. */
export interface AgentJobRecord {
  jobId: string;
  node: string | null;
  /** Submit to start. */
  pendingMs: number | null;
  state: string;
  /** Jobs resubmitted after a failure of the cluster (node failure). */
  retries: number;
}

/** The agent jobs of attempts (agent.runner "slurm"): the latest job of each attempt. */
export interface AgentJobReads {
  set(attemptId: string, job: AgentJobRecord): void;
  get(attemptId: string): AgentJobRecord | null;
}
