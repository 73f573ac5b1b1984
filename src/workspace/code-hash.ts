import { createHash } from 'node:crypto';
import { FINDINGS_FILE } from './findings.js';
import { runGit } from './git-command.js';

/**
 * A hash of the committed tree without findings.md (which every attempt appends to): two attempts
 * with the same code hash alike, whatever their lineage logs say.
 */
export const codeHash = async (root: string, commit: string): Promise<string> => {
  const listing = await runGit(root, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const entries = listing.split('\0').filter((entry) => entry !== '' && entry.split('\t')[1] !== FINDINGS_FILE);
  return createHash('sha256').update(entries.join('\0')).digest('hex');
};
