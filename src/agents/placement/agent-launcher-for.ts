import { join } from 'node:path';
import type { AgentConfig } from '../../config/resolve-config.js';
import type { AgentJobRecord, AgentLauncher } from '../../core/ports/index.js';
import { SlurmAgentLauncher } from './slurm-agent-launcher.js';

/** Where an attempt's batch job keeps its script and raw outputs: inside the worktree's git-excluded `.swarm/`. */
export const agentJobDir = (worktree: string): string => join(worktree, '.swarm', 'agent-job');

/**
 * The launcher of one attempt's agent under `agent.runner`: none for "local" (the backend's own
 * process group), a Slurm batch job for "slurm".
 */
export const agentLauncherFor = (
  agent: Pick<AgentConfig, 'runner' | 'slurm'>,
  attempt: { runId: string; attemptId: string; worktree: string; onJob: (job: AgentJobRecord) => void },
): AgentLauncher | undefined =>
  agent.runner === 'slurm'
    ? new SlurmAgentLauncher({ settings: agent.slurm, runId: attempt.runId, attemptId: attempt.attemptId, jobDir: agentJobDir(attempt.worktree), onJob: attempt.onJob })
    : undefined;
