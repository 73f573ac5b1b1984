import { tryGit } from './git-command.js';

const FALLBACK_NAME = 'swarm';
const FALLBACK_EMAIL = 'swarm@localhost';

/**
 * `-c` settings that let a commit succeed on any machine: the configured user where there is one,
 * else `swarm <swarm@localhost>`; signing off, since a signing prompt would hang an unattended run.
 */
export const commitConfig = async (cwd: string): Promise<string[]> => {
  const configured = (await tryGit(cwd, ['config', '--get-regexp', '^user\\.(name|email)$'])) ?? '';
  const keys = new Set(
    configured
      .split('\n')
      .filter((line) => /^\S+ \S/.test(line))
      .map((line) => line.slice(0, line.indexOf(' ')).toLowerCase()),
  );
  const name = keys.has('user.name');
  const email = keys.has('user.email');
  const settings = ['commit.gpgsign=false'];
  if (!name) settings.push(`user.name=${FALLBACK_NAME}`);
  if (!email) settings.push(`user.email=${FALLBACK_EMAIL}`);
  return settings;
};

/**
 * For a commit on the user's own branch (`swarm apply`): their identity and signing as configured,
 * `swarm <swarm@localhost>` only where no user is set (a fresh machine, the example's repository).
 */
export const identityFallback = async (cwd: string): Promise<string[]> =>
  (await commitConfig(cwd)).filter((setting) => !setting.startsWith('commit.gpgsign'));
