import type { AttemptRow, GraphEdge, GraphInput, StatusReport } from '../../src/core/views/report.js';
import type { AttemptStatus } from '../../src/core/domain/types.js';

/** A hypothesis with every character that breaks naive DOT or mermaid quoting. */
export const NASTY = 'say "hi" \\N back\\slash #1; <b>bold</b> & `tick`\nsecond line\r\nthird {x} [y] -->';

/** An attempt row with sensible defaults. */
export const row = (id: string, overrides: Partial<AttemptRow> = {}): AttemptRow => ({
  id,
  runId: 'r1',
  wave: 1,
  role: 'explorer',
  operator: 'explore',
  backend: 'local',
  parents: [],
  status: 'scored',
  phase: 'done',
  score: null,
  valid: true,
  reason: null,
  hypothesis: null,
  summary: null,
  startedAt: 1_000,
  finishedAt: 13_300,
  durationMs: 12_300,
  costUsd: 0,
  flags: [],
  ...overrides,
});

/**
 * a0 baseline → a1 → a4 (optimizer) ─┐
 *            → a5 (informed by a1) ──┴→ a10 (merge, best) → a11 (running)
 *            → a2 invalid (nasty hypothesis), a3 failed, a9 interrupted
 */
export const smallGraph = (): GraphInput => {
  const nodes: AttemptRow[] = [
    row('a10', { wave: 3, operator: 'merge', parents: ['a4', 'a5'], score: 2.5, hypothesis: 'combine both' }),
    row('a0', { wave: 0, role: 'baseline', operator: 'baseline', score: 2 }),
    row('a1', { parents: ['a0'], score: 2.2 }),
    row('a2', { parents: ['a0'], status: 'invalid', valid: false, hypothesis: NASTY, reason: 'exit 1' }),
    row('a3', { parents: ['a0'], status: 'failed', valid: null, reason: 'agent crashed' }),
    row('a4', { wave: 2, role: 'optimizer', operator: 'deepen', parents: ['a1'], score: 2.3 }),
    row('a5', { wave: 2, parents: ['a0'], score: 2.1 }),
    row('a9', { wave: 3, parents: ['a0'], status: 'interrupted', valid: null }),
    row('a11', { wave: 3, parents: ['a10'], status: 'running', phase: 'agent', valid: null, finishedAt: null, durationMs: null }),
  ];
  const edges: GraphEdge[] = [
    { from: 'a10', to: 'a11', kind: 'parent' },
    { from: 'a0', to: 'a1', kind: 'parent' },
    { from: 'a0', to: 'a2', kind: 'parent' },
    { from: 'a0', to: 'a3', kind: 'parent' },
    { from: 'a1', to: 'a4', kind: 'parent' },
    { from: 'a0', to: 'a5', kind: 'parent' },
    { from: 'a1', to: 'a5', kind: 'informed_by' },
    { from: 'a4', to: 'a10', kind: 'parent' },
    { from: 'a5', to: 'a10', kind: 'merge' },
    { from: 'a0', to: 'a9', kind: 'parent' },
  ];
  return {
    run: { id: 'r1', description: 'pack "circles"', objective: { metric: 'sum_radii', direction: 'maximize' } },
    nodes,
    edges,
    bestId: 'a10',
  };
};

/** A binary tree of `count` scored attempts (a0 root), best at the last id. */
export const bigGraph = (count: number): GraphInput => {
  const nodes: AttemptRow[] = [];
  const edges: GraphEdge[] = [];
  for (let i = 0; i < count; i += 1) {
    const parent = i === 0 ? null : `a${Math.floor((i - 1) / 2)}`;
    nodes.push(row(`a${i}`, { wave: Math.floor(Math.log2(i + 1)), parents: parent ? [parent] : [], score: i / 10, hypothesis: `idea ${i}` }));
    if (parent) edges.push({ from: parent, to: `a${i}`, kind: 'parent' });
    if (i > 2 && i % 7 === 0) edges.push({ from: `a${i - 3}`, to: `a${i}`, kind: 'informed_by' });
  }
  return {
    run: { id: 'big', description: '', objective: { metric: 'score', direction: 'maximize' } },
    nodes,
    edges,
    bestId: `a${count - 1}`,
  };
};

const countStatuses = (attempts: readonly AttemptRow[]): Record<AttemptStatus, number> => {
  const counts: Record<AttemptStatus, number> = { running: 0, scored: 0, invalid: 0, failed: 0, interrupted: 0 };
  for (const attempt of attempts) counts[attempt.status] += 1;
  return counts;
};

/** A status report over `attempts` (the best one given by id). */
export const statusReport = (attempts: AttemptRow[], bestId: string | null, costUsd = 0): StatusReport => {
  const best = attempts.find((attempt) => attempt.id === bestId) ?? null;
  const baseline = attempts.find((attempt) => attempt.role === 'baseline') ?? null;
  return {
    run: {
      id: 'r1',
      status: 'running',
      description: 'pack circles',
      objective: { metric: 'sum_radii', direction: 'maximize' },
      createdAt: 0,
      finishedAt: null,
      stopReason: null,
      attemptsUsed: attempts.length,
      attemptBudget: 40,
    },
    baseline: baseline ? { id: baseline.id, score: baseline.score } : null,
    best: best ? { id: best.id, score: best.score, improvement: null } : null,
    waves: [
      { number: 0, attempts: 1, running: 0, bestScore: 2, startedAt: 0, finishedAt: 1 },
      { number: 1, attempts: 3, running: 0, bestScore: 2.2, startedAt: 1, finishedAt: 2 },
    ],
    attempts,
    counts: countStatuses(attempts),
    costUsd,
  };
};
