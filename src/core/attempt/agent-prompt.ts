import { formatScore, type Direction } from '../domain/score.js';
import type { Objective, Role } from '../domain/types.js';

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

/**
 * Where the attempt works, its own worktree named first. A fork inherits its parent's conversation,
 * whose system prompt and tool calls name the parent's worktree: that one is gone.
 */
const whereToWork = (worktree: string | undefined, forkedFrom: { attemptId: string; worktree: string } | undefined): string[] => {
  if (worktree === undefined) return [];
  const lines = [`Your worktree is ${worktree}: read, edit, run commands and commit only there (it is your current directory).`];
  if (forkedFrom !== undefined) {
    lines.push(
      `This conversation continues attempt ${forkedFrom.attemptId}, whose worktree ${forkedFrom.worktree} no longer exists.`,
      'Paths to it earlier in this conversation are stale: use the same relative paths in your own worktree.',
    );
  }
  return lines;
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
  /** The attempt's own worktree: the only place it may work. */
  worktree?: string;
  /** The attempt whose conversation this one continues (a fork); its worktree is already removed. */
  forkedFrom?: { attemptId: string; worktree: string };
  /** What earlier runs of the project tried (.swarm/memory.md, shepherd.memory); explorers only. */
  memory?: string | null;
}): string => {
  const goal = p.objective.direction === ('maximize' satisfies Direction) ? 'higher is better' : 'lower is better';
  const sections = [
    // A task file that brings its own top heading keeps it; a bare one gets ours.
    p.task.trim().startsWith('# ') ? p.task.trim() : `# Task\n\n${p.task.trim()}`,
    `# Objective\n\nMetric \`${p.objective.metric}\` (${goal}). Score your checkout with \`${p.evalCommand}\`.`,
    `# Your attempt\n\n${[`You are ${p.role} ${p.attemptId}.`, ...whereToWork(p.worktree, p.forkedFrom)].join('\n')}`,
  ];
  if (p.context.trim()) sections.push(`# Context from the Shepherd\n\n${p.context.trim()}`);
  const parentLines = p.parents.map(briefLines);
  if (parentLines.length > 0) sections.push(`# Parents\n\n${parentLines.join('\n')}`);
  const inspirationLines = (p.inspirations ?? []).map(briefLines);
  if (inspirationLines.length > 0) sections.push(`# Other attempts worth knowing\n\n${inspirationLines.join('\n')}`);
  if (p.memory && p.role === 'explorer') sections.push(`# Memory of earlier runs\n\n${p.memory}`);
  sections.push('Read findings.md before you start; it records what this lineage already tried.');
  return sections.join('\n\n');
};

/** Extracts `HYPOTHESIS: ...` from an agent's final text, if present. */
export const extractHypothesis = (text: string): string | null => {
  const match = /^\s*HYPOTHESIS:\s*(.+)$/im.exec(text);
  return match?.[1]?.trim() ?? null;
};
