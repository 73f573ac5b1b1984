import { dirname } from 'node:path';
import picomatch from 'picomatch';
import { runGit } from './git-command.js';
import { checkoutRootOf } from './locate-project.js';

/**
 * Git pathspecs covering every file a glob can match: the literal path for a plain name, the
 * glob's static directory otherwise (the whole checkout when it has none).
 */
const pathspecsFor = (globs: readonly string[]): string[] => {
  const specs = new Set<string>();
  for (const glob of globs) {
    const clean = glob.replace(/^\.\//, '').replace(/\/+$/, '');
    if (clean === '') continue;
    const scan = picomatch.scan(clean);
    if (!scan.isGlob) specs.add(`:(literal)${clean}`);
    else specs.add(scan.base === '' ? '.' : `:(literal)${scan.base}`);
  }
  return specs.has('.') ? ['.'] : [...specs];
};

/**
 * Files on disk in a checkout under the static parts of `globs` (repository-relative, sorted):
 * tracked ones and every untracked one, ignored files included, since an evaluation can write
 * anywhere. The index is only a lister here, never trusted for content. swarm's own `.swarm/`
 * (logs, result files, other attempts' worktrees) is never part of a checkout's files.
 */
export const filesUnder = async (checkout: string, globs: readonly string[], subdir = ''): Promise<string[]> => {
  const specs = pathspecsFor(globs);
  if (specs.length === 0) return [];
  const listing = await runGit(checkout, ['ls-files', '-z', '--cached', '--others', '--', ...specs], { ceiling: dirname(checkoutRootOf(checkout, subdir)) });
  return [...new Set(listing.split('\0').filter((file) => file !== '' && !file.startsWith('.swarm/')))].sort();
};

export interface TreeEntry {
  path: string;
  /** Git file mode: 100644, 100755 or 120000 (symlink). */
  mode: string;
  blob: string;
}

/** Every blob of `commit` (files, symlinks; no submodules), read from the repository at `root`. */
export const treeEntries = async (root: string, commit: string): Promise<TreeEntry[]> => {
  const listing = await runGit(root, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  return listing
    .split('\0')
    .filter((line) => line !== '')
    .flatMap((line) => {
      const match = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(line);
      return match?.[1] && match[2] && match[3] ? [{ mode: match[1], blob: match[2], path: match[3] }] : [];
    });
};
