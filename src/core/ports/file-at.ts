/** A file of a commit as an agent reads it: its text, or in words why it cannot be read. */
export type FileAt = { found: true; text: string } | { found: false; detail: string };

/** Reads `relPath` (from the repository root) at `commit` of the target repository. */
export type ReadFileAt = (commit: string, relPath: string) => Promise<FileAt>;
