import { describe, expect, it } from 'vitest';
import { nonFiniteToken, parseJsonObject } from '../../src/core/evaluation/lenient-json.js';
import {
  judgeReport,
  parseEvaluatorOutput,
  reportFromObject,
} from '../../src/eval/parse-result.js';

const report = (raw: Record<string, unknown>) => reportFromObject(raw, 'stdout');

describe('parseJsonObject', () => {
  it('parses a plain object and rejects arrays, scalars and broken text', () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject('[1]').ok).toBe(false);
    expect(parseJsonObject('3').ok).toBe(false);
    expect(parseJsonObject('{"a": ').ok).toBe(false);
  });

  it('marks bare NaN / Infinity / -Infinity tokens but leaves them alone inside strings', () => {
    const parsed = parseJsonObject('{"a": NaN, "b": -Infinity, "c": [Infinity], "s": "NaN \\" Infinity", "NaN": 1}');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(nonFiniteToken(parsed.value.a)).toBe('NaN');
    expect(nonFiniteToken(parsed.value.b)).toBe('-Infinity');
    expect(parsed.value.s).toBe('NaN " Infinity');
    expect(parsed.value.NaN).toBe(1);
    expect(nonFiniteToken('plain')).toBeNull();
  });

  it('does not mistake words that contain the tokens for them', () => {
    expect(parseJsonObject('{"a": NaNa}').ok).toBe(false);
  });
});

describe('reportFromObject', () => {
  it('sorts finite numbers into metrics and validates the reserved keys', () => {
    const r = report({
      score: 0.5, loss: 2, name: 'x', flag: true, valid: true, feedback: 'fine',
      instances: { a: 1, b: 'bad', c: 2 }, artifacts: { plot: 'p.png', n: 3 },
    });
    expect(r.metrics).toEqual({ score: 0.5, loss: 2 });
    expect(r.valid).toBe(true);
    expect(r.feedback).toBe('fine');
    expect(r.instances).toEqual({ a: 1, c: 2 });
    expect(r.artifacts).toEqual({ plot: 'p.png' });
    expect(r.keys).toEqual(['score', 'loss', 'name', 'flag', 'valid', 'feedback', 'instances', 'artifacts']);
  });

  it('ignores reserved keys of the wrong type', () => {
    const r = report({ score: 1, valid: 'false', feedback: 3, instances: [1, 2], artifacts: 'x' });
    expect(r.valid).toBeNull();
    expect(r.feedback).toBeNull();
    expect(r.instances).toBeNull();
    expect(r.artifacts).toBeNull();
    expect(r.metrics).toEqual({ score: 1 });
  });
});

describe('judgeReport', () => {
  it('scores a valid report by its primary metric', () => {
    expect(judgeReport(report({ score: 0.5 }), 'score')).toEqual({ valid: true, score: 0.5, reason: null });
  });

  it('names a missing metric and the keys that were printed', () => {
    const verdict = judgeReport(report({ a: 1, b: 2 }), 'score');
    expect(verdict.valid).toBe(false);
    expect(verdict.score).toBeNull();
    expect(verdict.reason).toMatch(/^metric "score" missing from evaluator output \(keys: a, b\)/);
  });

  it('names a NaN or infinite metric', () => {
    const parsed = parseJsonObject('{"score": NaN, "loss": Infinity}');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(judgeReport(report(parsed.value), 'score').reason).toBe('metric "score" is NaN');
    expect(judgeReport(report(parsed.value), 'loss').reason).toBe('metric "loss" is Infinity');
  });

  it('names a metric of the wrong type', () => {
    expect(judgeReport(report({ score: '0.5' }), 'score').reason).toBe('metric "score" is not a number (got string "0.5")');
    expect(judgeReport(report({ score: null }), 'score').reason).toBe('metric "score" is not a number (got null)');
  });

  it('honours valid: false even with a score, quoting the feedback', () => {
    const verdict = judgeReport(report({ score: 1, valid: false, feedback: 'compile error\nline 2' }), 'score');
    expect(verdict).toEqual({ valid: false, score: null, reason: 'evaluator reported valid: false: compile error' });
  });
});

describe('parseEvaluatorOutput', () => {
  it('prefers the result file over stdout', () => {
    const parsed = parseEvaluatorOutput({ resultFile: { path: '/r.json', text: '{"score": 2}' }, stdout: '{"score": 1}' });
    expect(parsed.kind === 'report' && parsed.report.source).toBe('result-file');
    expect(parsed.kind === 'report' && parsed.report.metrics.score).toBe(2);
  });

  it('reports an unusable result file instead of falling back to stdout', () => {
    const parsed = parseEvaluatorOutput({ resultFile: { path: '/r.json', text: 'oops' }, stdout: '{"score": 1}' });
    expect(parsed).toMatchObject({ kind: 'bad-result-file', path: '/r.json' });
  });

  it('says when there is nothing at all', () => {
    expect(parseEvaluatorOutput({ resultFile: null, stdout: 'hello\n' })).toEqual({ kind: 'none' });
  });
});

describe('an invalid verdict\'s reason from multi-line feedback', () => {
  it('names the failing tests that follow the first line (recorded pytest summary)', () => {
    const feedback = 'the tests fail\nFAILED test_calc.py::test_add - assert (1 + 1) == 3\nFAILED test_calc.py::TestCalc::test_sub - AssertionError: 1 != 0\n3 failed, 1 passed in 1.91s';
    const verdict = judgeReport(reportFromObject({ valid: false, score: 0, feedback }, 'stdout'), 'score');
    expect(verdict.reason).toBe('evaluator reported valid: false: the tests fail | 2 failing tests: test_calc.py::test_add, test_calc.py::TestCalc::test_sub');
  });
});
