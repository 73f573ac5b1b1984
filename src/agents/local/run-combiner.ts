import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentOutcome } from '../../core/ports/index.js';
import { writeFindingsEntry } from './agent-records.js';
import { writeTexts } from './collect-sources.js';
import { type ConflictGroup, type CrossoverPlan, planCrossover } from './plan-crossover.js';
import { formatChanges, type EvolveSource } from './plan-mutation.js';
import { completedOutcome, failedOutcome, listChanges, plural, type RoleContext, withTexts } from './role-context.js';

/** `pack.js (12 literals, 5 from pack.from-a7.js)` */
const describeCombination = (groups: readonly ConflictGroup[], plan: CrossoverPlan): string =>
  groups
    .map(({ primary, sides }) => {
      const whole = plan.wholeFiles.find((w) => w.file === primary.relPath);
      if (whole) return `${primary.relPath} (versions differ in shape: took ${whole.from} whole)`;
      const taken = plan.changes.filter((c) => c.file === primary.relPath).length;
      return `${primary.relPath} (${plural(primary.literals.length + primary.choices.length, 'literal')}, ${taken} taken from ${sides.map((s) => s.relPath).join(', ')})`;
    })
    .join(', ');

/**
 * Combines a merge's conflicted files: each literal of a file takes the value of one of the parents'
 * versions (uniform crossover), the side copies are deleted. Returns the sources after it.
 */
export const combineConflicts = async (context: RoleContext, groups: readonly ConflictGroup[]): Promise<{ plan: CrossoverPlan; sources: EvolveSource[]; summary: string }> => {
  const { task, transcript } = context;
  const plan = planCrossover(groups, context.rng);
  await writeTexts(task.worktree, plan.texts);
  for (const file of plan.removed) await rm(join(task.worktree, file), { force: true });
  const summary = `combined the merged parents' versions of ${describeCombination(groups, plan)}`;
  await transcript.write(`${summary}; removed ${plan.removed.join(', ')}`);
  for (const change of plan.changes) await transcript.write(`took ${change.file}:${change.line} ${change.from} -> ${change.to} from another parent`);
  const removed = new Set(plan.removed);
  const sources = withTexts(context.sources, plan.texts).filter((s) => !removed.has(s.relPath));
  return { plan, sources, summary };
};

/** Explorer on a merge: the combination of the parents is the attempt's one idea; it is not mutated further. */
export const runCombiner = async (context: RoleContext, groups: readonly ConflictGroup[]): Promise<AgentOutcome> => {
  const { task, transcript } = context;
  if (context.signal.aborted) {
    await transcript.write('aborted before combining the merged parents');
    return failedOutcome('aborted', transcript.path);
  }
  const { plan, summary } = await combineConflicts(context, groups);
  const hypothesis = plan.changes.length > 0
    ? `combining the parents' constants (${listChanges(plan.changes)} from the merged parent) improves the score`
    : "combining the merged parents' programs improves the score";
  await writeFindingsEntry(task.worktree, {
    attemptId: task.attemptId,
    role: task.role,
    hypothesis,
    changes: plan.wholeFiles.length > 0 ? `${formatChanges(plan.changes)}; whole files: ${plan.wholeFiles.map((w) => `${w.file} from ${w.from}`).join(', ')}` : formatChanges(plan.changes),
    result: 'not scored by the agent (explorer); the orchestrator evaluates this attempt',
  });
  await transcript.write(`wrote findings.md entry; done: ${summary}`);
  return completedOutcome(summary, hypothesis, transcript.path);
};
