import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** An append-only markdown transcript at `<logDir>/transcript.md`. */
export interface Transcript {
  path: string;
  write(line: string): Promise<void>;
}

/** Creates the log directory and starts a transcript with a title line. */
export const openTranscript = async (logDir: string, title: string): Promise<Transcript> => {
  await mkdir(logDir, { recursive: true });
  const path = join(logDir, 'transcript.md');
  await writeFile(path, `# ${title}\n\n`, 'utf8');
  return { path, write: (line) => appendFile(path, `- ${line}\n`, 'utf8') };
};

export interface FindingsEntry {
  attemptId: string;
  role: string;
  hypothesis: string;
  changes: string;
  result: string;
}

/** Formats one findings.md entry the way agents are asked to write them. */
export const formatFindingsEntry = (entry: FindingsEntry): string =>
  `### ${entry.attemptId} — local ${entry.role}\n` +
  `- hypothesis: ${entry.hypothesis}\n` +
  `- changes: ${entry.changes}\n` +
  `- result: ${entry.result}\n`;

const readIfPresent = async (path: string): Promise<string | null> => {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
};

/** Appends an entry to `<worktree>/findings.md`, creating it with a `# Findings` header when missing. */
export const appendFindings = async (worktree: string, entry: FindingsEntry): Promise<void> => {
  const path = join(worktree, 'findings.md');
  const existing = (await readIfPresent(path)) ?? '';
  const prefix = existing === '' ? '# Findings\n\n' : existing.endsWith('\n\n') ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
  await appendFile(path, prefix + formatFindingsEntry(entry), 'utf8');
};
