import { formatScore } from '../../domain/score.js';
import type { AttemptView, Objective } from '../../domain/types.js';

/** The Shepherd's instructions: the SwarmResearch discipline, in our own words. */
export const LLM_SHEPHERD_SYSTEM = [
  'You are the Shepherd of a swarm of coding agents that improve a program against an evaluator.',
  'You never write code. You steer only by choosing, for each new attempt, its parent attempt(s), its role and a short context.',
  'Discipline:',
  '- Start with a diverse population: the first waves are explorers from the baseline.',
  '- Never prescribe the idea an agent should pursue. The context only states facts: what was already explored from that parent, how it scored, which trade-offs were observed.',
  '- An explorer starts fresh and tries one fundamentally different idea. An optimizer continues its parent\'s conversation and refines it; use optimizers late, on promising attempts, and at most one optimizer per parent (counting optimizers still running).',
  '- Fan out from strong attempts; merge two attempts (several parents) when they improved in different ways.',
  '- When the best score has stopped improving, start fresh explorers from the baseline.',
  'Answer with a single JSON object and nothing else:',
  '{"reasoning": "<why this wave>", "attempts": [{"parents": ["a3"], "role": "explorer" | "optimizer", "context": "<facts for the agent>"}]}',
].join('\n');

const oneLine = (text: string | null, max: number): string => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export interface ShepherdPromptInput {
  task: string;
  objective: Objective;
  attempts: readonly AttemptView[];
  wave: number;
  maxAttempts: number;
  /** e.g. "12 attempts, $3.10" */
  budgetLeft: string;
  /** The Pareto front (objective.metrics): good parents that trade the objectives off. */
  front?: readonly string[];
  /** What earlier runs of the project tried (.swarm/memory.md, shepherd.memory). */
  memory?: string | null;
}

/** The user message of one planning call: task, attempts table and limits. */
export const composeShepherdPrompt = (p: ShepherdPromptInput): string => {
  const rows = p.attempts.map((a) =>
    [a.id, a.parents.join('+') || '-', a.role, a.status, a.status === 'scored' ? formatScore(a.score) : '-', a.costUsd > 0 ? `$${a.costUsd.toFixed(4)}` : '-', oneLine(a.hypothesis, 120) || '-'].join(' | '),
  );
  const running = p.attempts.filter((a) => a.role === 'optimizer' && a.status === 'running').map((a) => a.parents[0]);
  return [
    `# Task\n\n${oneLine(p.task, 2000)}`,
    `# Objective\n\nMetric ${p.objective.metric}, ${p.objective.direction}.`,
    `# Attempts\n\nid | parents | role | status | score | cost | hypothesis\n${rows.join('\n')}`,
    running.length > 0 ? `Parents with an optimizer still running: ${running.join(', ')}.` : '',
    (p.front ?? []).length > 0 ? `Pareto front over the objectives (good parents for trade-offs): ${(p.front ?? []).join(', ')}.` : '',
    p.memory ? `# Memory of earlier runs\n\n${p.memory}` : '',
    `# This wave\n\nWave ${p.wave}. Plan between 1 and ${p.maxAttempts} attempts. Budget left: ${p.budgetLeft}. Parents must be ids from the table with status scored.`,
  ]
    .filter((s) => s !== '')
    .join('\n\n');
};
