import { sep } from 'node:path';
import { listProcessIds, readProcEnviron } from './proc-stat.js';

/**
 * Processes a dead swarm left behind: agents and evaluators of run `runId` (any run of the
 * repository when null) in the repository at `root`, recognized by the SWARM_* variables swarm
 * gave them (Linux `/proc`; elsewhere none are found). A SIGKILLed Shepherd cannot stop its
 * children, so the next `swarm run` does.
 */
export const findOrphans = async (runId: string | null, root: string, selfPid = process.pid): Promise<number[]> => {
  if (process.platform !== 'linux') return [];
  const found: number[] = [];
  for (const entry of (await listProcessIds(selfPid)) ?? []) {
    const vars = await readProcEnviron(entry);
    const run = vars.get('SWARM_RUN_ID');
    if (run === undefined || (runId !== null && run !== runId)) continue;
    const worktree = vars.get('SWARM_WORKTREE') ?? '';
    if (vars.get('SWARM_REPO') === root || worktree.startsWith(`${root}${sep}.swarm${sep}`)) found.push(Number(entry));
  }
  return found;
};
