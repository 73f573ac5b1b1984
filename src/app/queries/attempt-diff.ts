import { SwarmError } from '../../core/domain/errors.js';
import { findingsPathIn } from '../../workspace/findings-path.js';
import { openProjectStore } from '../project/open-project.js';

/** What `swarm show --diff` prints: the attempt's own change, findings.md left out. */
export interface AttemptDiff {
  id: string;
  baseCommit: string | null;
  headCommit: string | null;
  /** Null when the attempt has no committed head to compare (it failed before committing, or runs). */
  diff: string | null;
  excluded: string[];
}

/**
 * The unified diff from the commit an attempt started from (its first parent, with the other
 * parents merged in) to the commit its agent left, without findings.md, whose entries are the
 * orchestrator's log rather than the attempt's change.
 */
export const attemptDiff = async (options: { cwd: string; attemptId: string }): Promise<AttemptDiff> => {
  const { store, workspace } = await openProjectStore(options.cwd);
  try {
    const attempt = store.getAttempt(options.attemptId);
    if (!attempt) throw new SwarmError('NOT_FOUND', `no attempt ${options.attemptId}; list them with \`swarm status --all\``);
    const excluded = [findingsPathIn(workspace.subdir)];
    const { baseCommit, headCommit } = attempt;
    const diff = baseCommit && headCommit ? await workspace.diffText(baseCommit, headCommit, excluded) : null;
    return { id: attempt.id, baseCommit, headCommit, diff, excluded };
  } finally {
    store.close();
  }
};
