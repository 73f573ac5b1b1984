import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AttemptView } from '../../../src/core/domain/types.js';
import { isInfeasible, violatedConstraint } from '../../../src/core/objectives/constraints.js';
import { frontLeaders } from '../../../src/core/objectives/front-leaders.js';
import { addToFront, dominates, frontPoint, paretoFront, type FrontPoint } from '../../../src/core/objectives/pareto-front.js';

const objectives = { primary: { metric: 'score', direction: 'maximize' as const }, metrics: [{ metric: 'cost', direction: 'minimize' as const }] };

describe('constraints', () => {
  it('names the violated bound, the missing metric, and passes feasible results', () => {
    const constraints = [{ metric: 'latency', max: 10 }, { metric: 'accuracy', min: 0.5 }];
    expect(violatedConstraint(constraints, 'score', 1, { latency: 12, accuracy: 0.9 })).toEqual({ flag: 'infeasible:latency<=10', reason: 'infeasible: latency = 12 violates latency <= 10' });
    expect(violatedConstraint(constraints, 'score', 1, { latency: 3, accuracy: 0.4 })?.flag).toBe('infeasible:accuracy>=0.5');
    expect(violatedConstraint(constraints, 'score', 1, { latency: 3 })?.reason).toContain('reported no accuracy');
    expect(violatedConstraint(constraints, 'score', 1, { latency: 10, accuracy: 0.5 })).toBeNull();
    expect(violatedConstraint([{ metric: 'score', max: 2 }], 'score', 3, {})?.flag).toBe('infeasible:score<=2');
    expect(isInfeasible(['reused:a1', 'infeasible:latency<=10'])).toBe(true);
    expect(isInfeasible(['reused:a1'])).toBe(false);
  });
});

describe('pareto front', () => {
  const p = (id: string, score: number, cost: number): FrontPoint => {
    const point = frontPoint(objectives, { id, score, metrics: { cost } });
    if (point === null) throw new Error('no point');
    return point;
  };

  it('turns minimized metrics around and refuses points with a missing objective', () => {
    expect(p('a', 1, 2).values).toEqual([1, -2]);
    expect(frontPoint(objectives, { id: 'x', score: 1, metrics: {} })).toBeNull();
    expect(dominates(p('a', 2, 1), p('b', 1, 1))).toBe(true);
    expect(dominates(p('a', 1, 1), p('b', 1, 1))).toBe(false);
  });

  it('keeps exactly the non-dominated points, incrementally as from scratch', () => {
    const points = [p('a1', 1, 1), p('a2', 2, 4), p('a3', 1.5, 1), p('a4', 3, 3), p('a5', 3, 3), p('a6', 0.5, 0.5), p('a7', 2, 5)];
    const front = paretoFront(points).map((m) => m.id).sort();
    expect(front).toEqual(['a3', 'a4', 'a6']);
    const step = addToFront(paretoFront(points), p('a8', 4, 0.1));
    expect(step.joined).toBe(true);
    expect(step.removed.sort()).toEqual(['a3', 'a4', 'a6']);
  });

  it('spreads the leaders along the front, the primary best first', () => {
    const view = (id: string, score: number, createdAt: number): AttemptView => ({
      id: attemptId(id), runId: runId('r1'), wave: 1, role: 'explorer', operator: 'explore', backend: 'local', parents: [], status: 'scored', score, hypothesis: null, createdAt, finishedAt: createdAt, costUsd: 0,
    });
    const attempts = [view('a1', 1, 1), view('a2', 5, 2), view('a3', 3, 3), view('a4', 4, 4), view('a5', 2, 5), view('a6', 9, 6)];
    const front = ['a1', 'a2', 'a3', 'a4', 'a5'].map(attemptId);
    expect(frontLeaders(attempts, front, 'maximize', 3).map((a) => a.id)).toEqual(['a2', 'a3', 'a1']);
    expect(frontLeaders(attempts, front, 'maximize', 1).map((a) => a.id)).toEqual(['a2']);
    expect(frontLeaders(attempts, [], 'maximize', 3)).toEqual([]);
  });
});
