import { readdir, readFile } from 'node:fs/promises';
import { isProcessAlive } from '../../src/process/liveness.js';

/** Live processes whose environment holds `name=value`, seen from this machine's /proc. */
export const processesWithEnv = async (name: string, value: string): Promise<number[]> => {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'latin1').catch(() => '');
    if (environ.split('\0').includes(`${name}=${value}`) && (await isProcessAlive(Number(entry)))) found.push(Number(entry));
  }
  return found;
};
