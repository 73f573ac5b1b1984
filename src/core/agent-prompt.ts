import { formatScore, type Direction } from './score.js';
import type { Objective, Role } from './types.js';

export interface ParentBrief {
  id: string;
  score: number | null;
  status: string;
  hypothesis: string | null;
  feedback: string | null;
  reason: string | null;
}

const briefLines = (brief: ParentBrief): string => {
  const head = `- ${brief.id}: ${brief.status === 'scored' ? `score ${formatScore(brief.score)}` : brief.status}`;
  const extra = [brief.hypothesis && `  hypothesis: ${brief.hypothesis}`, brief.feedback && `  evaluator feedback: ${brief.feedback}`, brief.reason && `  problem: ${brief.reason}`];
  return [head, ...extra.filter((x): x is string => Boolean(x))].join('\n');
};

/** The user prompt of one attempt: task, objective, Shepherd context and the parents' results. */
export const composeAgentPrompt = (p: {
  task: string;
  objective: Objective;
  role: Exclude<Role, 'baseline'>;
  attemptId: string;
  context: string;
  parents: readonly ParentBrief[];
  /** Other attempts shown for inspiration (AlphaEvolve): the Shepherd's informed-by picks, then the best. */
  inspirations?: readonly ParentBrief[];
  evalCommand: string;
}): string => {
  const goal = p.objective.direction === ('maximize' satisfies Direction) ? 'higher is better' : 'lower is better';
  const sections = [
    // A task file that brings its own top heading keeps it; a bare one gets ours.
    p.task.trim().startsWith('# ') ? p.task.trim() : `# Task\n\n${p.task.trim()}`,
    `# Objective\n\nMetric \`${p.objective.metric}\` (${goal}). Score your checkout with \`${p.evalCommand}\`.`,
    `# Your attempt\n\nYou are ${p.role} ${p.attemptId}.`,
  ];
  if (p.context.trim()) sections.push(`# Context from the Shepherd\n\n${p.context.trim()}`);
  const parentLines = p.parents.map(briefLines);
  if (parentLines.length > 0) sections.push(`# Parents\n\n${parentLines.join('\n')}`);
  const inspirationLines = (p.inspirations ?? []).map(briefLines);
  if (inspirationLines.length > 0) sections.push(`# Other attempts worth knowing\n\n${inspirationLines.join('\n')}`);
  sections.push('Read findings.md before you start; it records what this lineage already tried.');
  return sections.join('\n\n');
};

/** Extracts `HYPOTHESIS: ...` from an agent's final text, if present. */
export const extractHypothesis = (text: string): string | null => {
  const match = /^\s*HYPOTHESIS:\s*(.+)$/im.exec(text);
  return match?.[1]?.trim() ?? null;
};
