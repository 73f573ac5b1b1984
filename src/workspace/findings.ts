import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatScore } from '../core/domain/score.js';
import { readBounded } from './confined-fs.js';

/** The lineage log every attempt branch carries at its root. */
export const FINDINGS_FILE = 'findings.md';

export const FINDINGS_HEADER = '# Findings\n\nFactual log of what was tried in this lineage and what it scored.\n';

const MAX_DESCRIPTION = 200;

/** The longest findings.md read back; a longer one (or a symlink, a FIFO) is started afresh. */
const MAX_FINDINGS_BYTES = 16 * 1024 * 1024;

/**
 * The findings.md of a worktree, or '' when it has none yet, or when what stands there is not a
 * regular file of sane size (an agent's symlink or FIFO is never followed nor waited on).
 */
export const readFindings = async (worktree: string): Promise<string> => {
  const read = await readBounded(path.join(worktree, FINDINGS_FILE), MAX_FINDINGS_BYTES);
  return read.ok ? read.bytes.toString('utf8') : '';
};

/**
 * Appends an entry to findings.md (created with its header when missing), a blank line before it.
 * Written as a new file ('wx' after removing the old name): a symlink the agent left there is
 * replaced, never written through.
 */
export const appendFindings = async (worktree: string, entry: string): Promise<void> => {
  const file = path.join(worktree, FINDINGS_FILE);
  const text = withFindingsEntry(await readFindings(worktree), entry);
  await unlink(file).catch(() => undefined);
  await writeFile(file, text, { encoding: 'utf8', flag: 'wx' });
};

/** The text of findings.md with `entry` appended (the header first when `current` is empty). */
export const withFindingsEntry = (current: string, entry: string): string => {
  const base = current.trim() === '' ? FINDINGS_HEADER : current;
  return `${base.replace(/\s*$/, '')}\n\n${entry.trim()}\n`;
};

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * One factual findings line:
 * `- a7 (explorer, from a3): widen the ring spacing | score = 2.4871`, or `... | failed: <reason>`.
 */
export const formatFindingsEntry = (p: {
  attemptId: string;
  role: string;
  parents: string[];
  description: string;
  score: number | null;
  failure?: string | null;
}): string => {
  const origin = p.parents.length > 0 ? `${p.role}, from ${p.parents.join(' + ')}` : p.role;
  const description = oneLine(p.description, MAX_DESCRIPTION) || 'no description';
  const failure = p.failure ? oneLine(p.failure, MAX_DESCRIPTION) : '';
  const outcome =
    failure !== '' ? (failure.startsWith('infeasible:') ? failure : `failed: ${failure}`) : p.score === null ? 'no score' : `score = ${formatScore(p.score)}`;
  return `- ${p.attemptId} (${origin}): ${description} | ${outcome}`;
};
