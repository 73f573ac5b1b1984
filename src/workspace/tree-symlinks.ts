import type { TreeSymlink } from '../core/trust/escaping-symlinks.js';
import { readObjects } from './cat-file-batch.js';
import { runGit } from './git-command.js';

/** Past this many paths, the whole tree is listed rather than each path named on the command line. */
const NAMED_PATHS = 256;

/**
 * The symlinks of `commit` among `paths` (repository-relative; directories match what is below
 * them), with their targets: one `ls-tree` and, when there are any, one `cat-file --batch`.
 */
export const symlinksAt = async (root: string, commit: string, paths: readonly string[]): Promise<TreeSymlink[]> => {
  if (paths.length === 0) return [];
  const wanted = new Set(paths);
  const named = paths.length <= NAMED_PATHS;
  const listing = await runGit(root, ['ls-tree', '-r', '-z', '--full-tree', commit, ...(named ? ['--', ...paths.map((p) => `:(literal)${p}`)] : [])]);
  const links: Array<{ path: string; blob: string }> = [];
  for (const line of listing.split('\0')) {
    const match = /^120000 blob ([0-9a-f]+)\t(.*)$/s.exec(line);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    if (named || wanted.has(match[2])) links.push({ blob: match[1], path: match[2] });
  }
  if (links.length === 0) return [];
  const objects = await readObjects(root, links.map((link) => link.blob));
  return links.map((link, i) => ({ path: link.path, target: objects[i]?.content.toString('utf8') ?? '' }));
};
