import { mkdir } from 'node:fs/promises';
import type { SwarmConfig } from '../../config-assembly/index.js';
import { EVALUATOR_RUNNER_REGISTRY } from '../../eval/runners/registry.js';
import { probeNodePath } from '../../slurm/probe-node-path.js';
import { agentConfigs } from '../setup/agent-pool.js';
import { projectPaths } from '../project/project-paths.js';
import type { Problem } from './explain-failure.js';

/**
 * With a runner that runs on other machines (agent.runner "slurm", or an evaluator runner whose
 * descriptor has `checkStorage`), whether they can enter the folder the worktrees live in
 * (workspace.dir, else `.swarm/worktrees`): for Slurm a one-second job runs `test -d` there.
 */
export const checkClusterStorage = async (projectDir: string, config: SwarmConfig): Promise<{ problems: Problem[]; warnings: Problem[] }> => {
  // The first agent placed on the cluster (agent.runner, or a pool entry's own runner) names the job's resources.
  const agent = agentConfigs(config).find((own) => own.agent.runner === 'slurm')?.agent;
  const evaluatorCheck = EVALUATOR_RUNNER_REGISTRY[config.evaluator.runner].checkStorage;
  if (agent === undefined && evaluatorCheck === null) return { problems: [], warnings: [] };
  const dir = projectPaths(projectDir, config.workspace.dir).worktreesDir;
  const runner = agent !== undefined ? 'agent.runner' : 'evaluator.runner';
  const value = agent !== undefined ? agent.runner : config.evaluator.runner;
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    return { problems: [{ problem: `cannot create the worktree folder ${dir}: ${String(error)}`, fix: 'set workspace.dir to a writable folder on storage the cluster\'s nodes share' }], warnings: [] };
  }
  const probe = agent !== undefined ? await probeNodePath(dir, agent.slurm) : await (evaluatorCheck ?? (() => Promise.resolve({ kind: 'seen' as const })))(dir, config.evaluator);
  if (probe.kind === 'seen') return { problems: [], warnings: [] };
  if (probe.kind === 'unseen') {
    return {
      problems: [{
        problem: `${runner} is "${value}" but a compute node cannot enter the worktree folder ${dir} (${probe.detail})`,
        fix: `set workspace.dir to a folder on storage every node sees at the same path (e.g. "/shared/$USER/swarm"), or set ${runner} to "local"`,
      }],
      warnings: [],
    };
  }
  return { problems: [], warnings: [{ problem: `could not check that the cluster's nodes see ${dir}: ${probe.detail}`, fix: 'run `swarm doctor` again once the partition has room, or check by hand: srun test -d <folder>' }] };
};
