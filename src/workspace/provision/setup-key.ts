import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { runGit } from '../git-command.js';

/**
 * The key of a prepared environment: a hash of the setup commands and of the content of every
 * file of the worktree (tracked or not ignored) that the key globs match. A glob without a `/`
 * matches a file of that name in any folder, as in gitignore.
 */
export const setupKey = async (worktree: string, commands: readonly string[], globs: readonly string[]): Promise<{ key: string; files: string[] }> => {
  const listed = (await runGit(worktree, ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])).split('\0').filter((file) => file !== '');
  const isKey = picomatch([...globs], { basename: true, dot: true });
  const files = [...new Set(listed.filter((file) => isKey(file)))].sort();
  const hash = createHash('sha256');
  hash.update(JSON.stringify(commands));
  for (const file of files) {
    const content = await readFile(join(worktree, file)).catch(() => null);
    hash.update(`\0${file}\0`);
    if (content !== null) hash.update(createHash('sha256').update(content).digest('hex'));
  }
  return { key: hash.digest('hex').slice(0, 24), files };
};
