import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appendFindings } from '../../workspace/index.js';

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

/** Appends the entry to `<worktree>/findings.md` through the workspace's one findings writer. */
export const writeFindingsEntry = (worktree: string, entry: FindingsEntry): Promise<void> =>
  appendFindings(worktree, formatFindingsEntry(entry));
