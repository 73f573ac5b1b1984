import type { AgentOutcome } from '../../core/ports/index.js';
import { writeFindingsEntry } from './agent-records.js';
import { writeTexts } from './collect-sources.js';
import { formatChanges, formatLocations, planMutation, planSample } from './plan-mutation.js';
import { completedOutcome, failedOutcome, listChanges, plural, type RoleContext } from './role-context.js';

/**
 * How an explorer draws: `mutate` re-randomizes `count` literals (a choice always to another
 * alternative); `sample` draws every site afresh (random sampling: a choice uniformly over all its
 * alternatives, its own included, every number as an explorer redraws it).
 */
export type ExplorerSampling = 'mutate' | 'sample';

/** Explorer: one bold re-randomization, written without evaluating it. */
export const runExplorer = async (context: RoleContext, count: number, sampling: ExplorerSampling = 'mutate'): Promise<AgentOutcome> => {
  const { task, transcript } = context;
  const settings = { mode: 'explore' as const, stepScale: context.stepScale };
  const plan = sampling === 'sample' ? planSample(context.sources, context.rng, settings) : planMutation(context.sources, count, context.rng, settings);
  if (context.signal.aborted) {
    await transcript.write('aborted before writing any change');
    return failedOutcome('aborted', transcript.path);
  }
  await writeTexts(task.worktree, plan.texts);
  for (const change of plan.changes) {
    await transcript.write(`re-randomized ${change.file}:${change.line}: ${change.from} -> ${change.to}`);
  }
  const summary = `re-randomized ${plural(plan.changes.length, 'constant')} in ${formatLocations(plan.changes)}`;
  const [first] = plan.changes;
  const hypothesis = plan.changes.length === 1 && first !== undefined
    ? `moving the constant at ${first.file}:${first.line} from ${first.from} to ${first.to} improves the score`
    : `moving the constants at ${listChanges(plan.changes)} together improves the score`;
  await writeFindingsEntry(task.worktree, {
    attemptId: task.attemptId,
    role: task.role,
    hypothesis,
    changes: formatChanges(plan.changes),
    result: 'not scored by the agent (explorer); the orchestrator evaluates this attempt',
  });
  await transcript.write(`wrote findings.md entry; done: ${summary}`);
  return completedOutcome(summary, hypothesis, transcript.path);
};
