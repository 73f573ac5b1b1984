import { isProcessAlive } from '../../src/process/liveness.js';
import { listProcessIds, readProcEnviron } from '../../src/process/proc-stat.js';

/** Live processes whose environment holds `name=value`, seen from this machine's /proc. */
export const processesWithEnv = async (name: string, value: string): Promise<number[]> => {
  const found: number[] = [];
  for (const entry of (await listProcessIds()) ?? []) {
    if ((await readProcEnviron(entry)).get(name) === value && (await isProcessAlive(Number(entry)))) found.push(Number(entry));
  }
  return found;
};
