import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatScore } from '../core/domain/score.js';

/** The lineage log every attempt branch carries at its root. */
export const FINDINGS_FILE = 'findings.md';

export const FINDINGS_HEADER = '# Findings\n\nFactual log of what was tried in this lineage and what it scored.\n';

const MAX_DESCRIPTION = 200;

/** The findings.md of a worktree, or '' when it has none yet. */
export const readFindings = async (worktree: string): Promise<string> =>
  readFile(path.join(worktree, FINDINGS_FILE), 'utf8').catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return '';
    throw error;
  });

/** Appends an entry to findings.md (created with its header when missing), a blank line before it. */
export const appendFindings = async (worktree: string, entry: string): Promise<void> => {
  await writeFile(path.join(worktree, FINDINGS_FILE), withFindingsEntry(await readFindings(worktree), entry), 'utf8');
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
    failure !== '' ? `failed: ${failure}` : p.score === null ? 'no score' : `score = ${formatScore(p.score)}`;
  return `- ${p.attemptId} (${origin}): ${description} | ${outcome}`;
};
