import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const START = fileURLToPath(new URL('../../scripts/start-slurm.sh', import.meta.url));

/** The test cluster's own state directory: its config, munge key and socket, spool and logs. */
export const SLURM_TEST_DIR = process.env.SWARM_TEST_SLURM_DIR ?? '/var/tmp/swarm-test-slurm';

/**
 * Makes sure swarm's own one-node test cluster answers (`scripts/start-slurm.sh`, idempotent) and
 * points this process's Slurm clients, and every child's, at its config (`SLURM_CONF`): never a
 * real cluster's /etc/slurm. Fails, never skips, when the cluster cannot start (the set-up skips
 * the suite beforehand where Slurm is missing or this is not root).
 */
export const ensureSlurm = (): void => {
  let stdout: string;
  try {
    stdout = execFileSync('bash', [START, SLURM_TEST_DIR], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
    throw new Error(`the Slurm test cluster could not start (scripts/start-slurm.sh ${SLURM_TEST_DIR}, needs root and Debian's slurm packages): ${detail.trim()}`);
  }
  const conf = /^SLURM_CONF=(.+)$/m.exec(stdout)?.[1];
  if (conf === undefined) throw new Error(`scripts/start-slurm.sh printed no SLURM_CONF line: ${stdout.trim()}`);
  process.env.SLURM_CONF = conf;
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

export interface ProjectJob {
  id: string;
  state: string;
  name: string;
}

/**
 * The jobs Slurm still knows that swarm submitted for the project at `dir` (their comment's
 * `root=`), newest last: other tests' jobs on the shared cluster are left out.
 */
export const projectJobs = (dir: string): ProjectJob[] => {
  const tag = `swarm root=${encodeURIComponent(realpathSync(dir))} `;
  return execFileSync('squeue', ['--me', '-h', '--states=all', '--format=%i\t%T\t%j\t%k'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((fields) => (fields[3] ?? '').startsWith(tag))
    .map(([id = '', state = '', name = '']) => ({ id, state, name }))
    .sort((a, b) => Number(a.id) - Number(b.id));
};

/** Pending, running or ending: what a plain `squeue` still lists. */
export const LIVE_JOB_STATES = ['PENDING', 'RUNNING', 'CONFIGURING', 'COMPLETING', 'SUSPENDED'];
