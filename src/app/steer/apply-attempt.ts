import { mkdirSync } from 'node:fs';
import { SwarmError } from '../../core/domain/errors.js';
import { commitSubject } from '../../core/text/commit-subject.js';
import { formatScore } from '../../core/domain/score.js';
import { applyProgram, type AppliedProgram } from '../../workspace/apply-program.js';
import { swarmOwnPathsIn } from '../../workspace/findings-path.js';
import { applyBlockers, describeBlockers } from '../../workspace/apply-blockers.js';
import { openProjectStore } from '../project/open-project.js';

export interface ApplyAttemptOptions {
  cwd: string;
  attemptId: string;
  /** Commit on a new branch of this name instead of the current one. */
  branch?: string;
  /** Leave the change staged in the working tree instead of committing it. */
  stageOnly?: boolean;
}

/** Folders of swarm's own and the agent tools' files (skills, rules, settings): never make the tree dirty for apply. */
export const AGENT_TOOL_PATHS = ['.claude', '.agents', '.codex'];

/** `swarm apply <attempt>`: adopts an attempt's program into the user's tree, as one commit or a staged change. */
export const applyAttempt = async (options: ApplyAttemptOptions): Promise<AppliedProgram & { attempt: string; score: number | null }> => {
  if (options.branch !== undefined && options.stageOnly) throw new SwarmError('USAGE', 'choose one of --branch <name> (commit on a new branch) and --worktree (stage only)');
  const { store, paths, workspace } = await openProjectStore(options.cwd);
  try {
    const attempt = store.getAttempt(options.attemptId);
    if (!attempt) throw new SwarmError('NOT_FOUND', `no attempt ${options.attemptId}; list them with \`swarm status --all\``);
    const to = attempt.tipCommit ?? attempt.headCommit;
    if (to === null || attempt.role === 'baseline') {
      throw new SwarmError('USAGE', `attempt ${attempt.id} has no program of its own to apply (${attempt.role === 'baseline' ? 'it is the baseline' : `it was ${attempt.status} before anything was committed`})`);
    }
    const run = store.requireRun(attempt.runId);
    // Only what the change would overwrite or mix with stops it, named; skills and rules that
    // `swarm skills install` and the agent tools write are not the user's work in progress.
    const blocking = describeBlockers(await applyBlockers(workspace.root, { from: run.baseCommit, to, excluded: swarmOwnPathsIn(workspace.subdir) }, AGENT_TOOL_PATHS));
    if (blocking !== null) {
      throw new SwarmError('USAGE', `${workspace.root} has changes swarm apply ${attempt.id} would overwrite or mix with (${blocking}); commit or stash them (git stash --include-untracked), then run swarm apply ${attempt.id} again`);
    }
    mkdirSync(paths.swarmDir, { recursive: true });
    const title = attempt.hypothesis ?? attempt.summary ?? `the program of attempt ${attempt.id}`;
    const score = attempt.status === 'scored' ? `${run.objective.metric} = ${formatScore(attempt.score)}` : attempt.status;
    const applied = await applyProgram({
      root: workspace.root,
      from: run.baseCommit,
      to,
      scratchDir: paths.swarmDir,
      subdir: workspace.subdir,
      branch: options.branch ?? null,
      message: options.stageOnly ? null : `${commitSubject(title) || attempt.id}\n\nAdopted from swarm attempt ${attempt.id} of run ${run.id} (${score}).\n`,
    });
    return { ...applied, attempt: attempt.id, score: attempt.score };
  } finally {
    store.close();
  }
};
