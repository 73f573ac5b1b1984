import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const START = fileURLToPath(new URL('../../scripts/start-slurm.sh', import.meta.url));

/**
 * Makes sure the one-node test cluster answers (`scripts/start-slurm.sh`, which CI runs too; it
 * is idempotent). Fails, never skips, when Slurm cannot start here, with the script's reason.
 */
export const ensureSlurm = (): void => {
  try {
    execFileSync('bash', [START], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
    throw new Error(`the Slurm test cluster could not start (scripts/start-slurm.sh, needs root and Debian's slurm packages): ${detail.trim()}`);
  }
};

export const scontrol = (...args: string[]): string => execFileSync('scontrol', args, { encoding: 'utf8' });

/** The job ids of swarm's evaluation jobs Slurm still knows, newest last. */
export const swarmJobs = (): string[] =>
  execFileSync('squeue', ['-h', '-o', '%i %j', '--states=all'], { encoding: 'utf8' })
    .split('\n').filter((line) => line.includes(' swarm-')).map((line) => line.split(' ')[0] ?? '').filter((id) => id !== '').sort((a, b) => Number(a) - Number(b));

export const jobState = (id: string): string => /JobState=(\S+)/.exec(scontrol('show', 'job', '-o', id))?.[1] ?? 'UNKNOWN';

export const waitFor = async (what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Brings the node back when a test left it down or drained; an idle node is left alone. */
export const resumeNode = (): void => {
  const state = execFileSync('sinfo', ['-h', '-n', 'localhost', '-o', '%T'], { encoding: 'utf8' }).trim();
  if (/down|drain|fail/i.test(state)) scontrol('update', 'nodename=localhost', 'state=resume');
};
