import { describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { row } from '../../export/graph-fixtures.js';

// The front a run records and reports: test/app/attempt/pareto-front-e2e.test.ts (the same closed-form points).
const FRONT = ['a2', 'a3', 'a4', 'a7', 'a8'];
const SCORES: Record<string, number | null> = { a2: 2, a3: 3, a4: 1.5, a5: null, a6: 2.5, a7: 5, a8: 0.5, a9: 3 };

const report = (): StatusReport => ({
  run: { id: 'r1', status: 'finished', description: '', objective: { metric: 'score', direction: 'maximize' }, createdAt: 0, finishedAt: 60_000, stopReason: 'attempt budget reached', attemptsUsed: 8, attemptBudget: 8 },
  baseline: { id: 'a1', score: 1 },
  best: { id: 'a7', score: 5, improvement: 4 },
  waves: [],
  attempts: [row('a1', { role: 'baseline', operator: 'baseline', wave: 0, score: 1 }), ...Object.entries(SCORES).map(([id, score]) => row(id, { parents: ['a1'], score }))],
  counts: { running: 0, scored: 8, invalid: 0, failed: 0, interrupted: 0 },
  costUsd: 0,
  front: FRONT,
});

describe('swarm status --all with several objectives', () => {
  it('names the Pareto front and marks its members: * the best, + the others', () => {
    const text = renderStatus(report(), { color: false, now: 60_000, all: true, width: 160 });
    expect(text).toContain(`Pareto front (5, marked + and *): ${FRONT.join(', ')}`);
    expect(text).toMatch(/^\* a7 /m);
    expect(text).toMatch(/^\+ a8 /m);
    expect(text).not.toMatch(/^\+ a6 /m);
    expect(text).not.toMatch(/^[+*] a5 /m);
  });
});
