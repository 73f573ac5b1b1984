import { join } from 'node:path';
import type { SharedAgentConfig } from '../../config/config-types.js';
import type { AgentJobRecord, AgentLauncher } from '../../core/ports/index.js';
import { SlurmAgentLauncher } from './slurm-agent-launcher.js';

/** Where an attempt's batch job keeps its script and raw outputs: inside the worktree's git-excluded `.swarm/`. */
export const agentJobDir = (worktree: string, role: 'agent' | 'setup' = 'agent'): string => join(worktree, '.swarm', `${role}-job`);

/**
 * The launcher of one attempt's agent (or of its `workspace.setup` commands, `role` "setup") under
 * `agent.runner`: none for "local" (a process group here), a Slurm batch job for "slurm".
 */
export const agentLauncherFor = (
  agent: Pick<SharedAgentConfig, 'runner' | 'slurm'>,
  attempt: { runId: string; attemptId: string; worktree: string; onJob: (job: AgentJobRecord) => void; role?: 'agent' | 'setup' },
): AgentLauncher | undefined =>
  agent.runner === 'slurm'
    ? new SlurmAgentLauncher({ settings: agent.slurm, runId: attempt.runId, attemptId: attempt.attemptId, jobDir: agentJobDir(attempt.worktree, attempt.role), onJob: attempt.onJob, role: attempt.role ?? 'agent' })
    : undefined;
