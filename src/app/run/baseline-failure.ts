import { join } from 'node:path';
import type { SwarmConfig } from '../../config-assembly/index.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunStore } from '../../core/ports/index.js';
import { SETUP_FAILED } from '../workspace/provision-step.js';
import { checkProject } from '../diagnose/check-project.js';
import { explainEvaluationFailure } from '../diagnose/explain-failure.js';

/**
 * Why the baseline did not score, with the real cause and its fix: a setup that failed, a path
 * the worktree lacks that the checkout has (ignored or untracked), an evaluator, program or
 * config not committed; else the reason itself and where the baseline was evaluated.
 */
export const baselineFailure = async (input: { store: RunStore; baseline: AttemptRecord; root: string; subdir: string; worktree: string; config: SwarmConfig; configFile: string | null }): Promise<string> => {
  const reason = input.baseline.reason ?? 'no score';
  if (input.baseline.flags.includes(SETUP_FAILED)) return `baseline could not be prepared: ${reason}`;
  const stderr = input.store.listEvaluations(input.baseline.id).map((e) => e.stderrTail).join('\n');
  // Paths in the error output are relative to the project folder, where the evaluator ran.
  const explained = await explainEvaluationFailure({ root: join(input.root, input.subdir), worktree: join(input.worktree, input.subdir), command: input.config.evaluator.command, stderr });
  if (explained !== null) return `baseline evaluation failed: ${reason}; ${explained.problem}: ${explained.fix}`;
  const uncommitted = (await checkProject(input.root, input.config, input.configFile, input.subdir)).problems;
  if (uncommitted.length > 0) return `baseline evaluation failed: ${reason}; ${uncommitted.map((p) => `${p.problem}: ${p.fix}`).join('; ')}`;
  return `baseline evaluation failed: ${reason}; the baseline is the last commit evaluated in a fresh worktree (not your checkout): fix the evaluator or the program and commit, and carry what the worktree lacks with workspace.link, .worktreeinclude or workspace.setup (\`swarm doctor\` checks it the same way)`;
};
