/** What the tools of one attempt work with. */
export interface ToolContext {
  /** Real path of the worktree; every path is confined to it. */
  root: string;
  env: Record<string, string>;
  signal: AbortSignal;
  commandTimeoutMs: number;
  evalTimeoutMs: number;
  /** Characters of output handed back to the model. */
  outputChars: number;
  /** Where command output files go. */
  logDir: string;
  /** `swarm eval --json` as argv; without it run_eval is refused. */
  evalArgv: readonly string[] | undefined;
}

export interface ToolResult {
  content: string;
  isError: boolean;
  /** Set by write_file and edit_file when the file system refused the write (EACCES, EROFS, ENOSPC): the tool's message. */
  writeFailure?: string;
  /** Set by the finish tool. */
  finish?: { summary: string; hypothesis: string };
}
