export { GitWorkspace } from './git-workspace.js';
export type { CommitAllParams } from './commit-all.js';
export { renderCommitMessage, renderTrailers, type Trailers } from './commit-message.js';
export type { DiffStat } from './diff-stat.js';
export {
  FINDINGS_FILE,
  FINDINGS_HEADER,
  appendFindings,
  formatFindingsEntry,
  readFindings,
} from './findings.js';
export type { PrepareAttemptParams, PreparedAttempt } from './prepare-attempt.js';
export { matchProtected } from './protected-paths.js';
export { sideFileName } from './resolve-conflicts.js';
export type { WorktreeInfo } from './worktrees.js';
export type { RevertOutcome } from './revert-step.js';
