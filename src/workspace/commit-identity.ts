import { SwarmError } from '../core/domain/errors.js';
import { parseIdent, type Ident } from './fast-import.js';
import { runGit, tryGit } from './git-command.js';

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

/** Author and committer of plumbing commits (`git var GIT_COMMITTER_IDENT` with the commit settings). */
export const committerIdent = async (root: string, config: string[]): Promise<Ident> => {
  const text = await runGit(root, ['var', 'GIT_COMMITTER_IDENT'], { config });
  const ident = parseIdent(text);
  if (ident === null) throw new SwarmError('GIT_FAILED', `\`git var GIT_COMMITTER_IDENT\` printed no identity in ${root}: ${text.trim()}; set user.name and user.email`);
  return ident;
};

/**
 * For a commit on the user's own branch (`swarm apply`): their identity and signing as configured,
 * `swarm <swarm@localhost>` only where no user is set (a fresh machine, the example's repository).
 */
export const identityFallback = async (cwd: string): Promise<string[]> =>
  (await commitConfig(cwd)).filter((setting) => !setting.startsWith('commit.gpgsign'));
