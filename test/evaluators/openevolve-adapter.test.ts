import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

const ADAPTER = fileURLToPath(new URL('../../evaluators/openevolve_adapter.py', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/openevolve/', import.meta.url));
const report = z.record(z.string(), z.unknown());
const temps: string[] = [];

afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Runs the adapter as swarm does and parses its one JSON line; it must exit 0. */
const adapt = (example: string, args: string[] = [], env: Record<string, string> = {}): Record<string, unknown> => {
  const dir = join(FIXTURES, example);
  const { SWARM_SEED: _drop, ...rest } = process.env;
  const stdout = execFileSync('python3', [ADAPTER, 'evaluator.py', 'initial_program.py', ...args], { cwd: dir, encoding: 'utf8', env: { ...rest, ...env } });
  return report.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''));
};

describe('openevolve_adapter.py cascades', () => {
  it('calls evaluate_stageN for --stage N and evaluate() without it, importing EvaluationResult without OpenEvolve installed', () => {
    expect(adapt('cascade', ['--stage', '1'])).toEqual({ combined_score: expect.closeTo(0.4, 9), runs: 1, artifacts: { stage: 'stage1 ok' } });
    expect(adapt('cascade', ['--stage', '2'])).toEqual({ combined_score: expect.closeTo(0.4, 9), x_fit: expect.closeTo(0.4, 9), y_fit: expect.closeTo(0.4, 9) });
    expect(adapt('cascade')).toEqual(adapt('cascade', ['--stage', '2']));
  });

  it('reports a missing stage function as an invalid evaluation, and falls back to evaluate() for a missing stage 1', async () => {
    expect(adapt('cascade', ['--stage', '3'])).toEqual({ valid: false, feedback: 'evaluator.py defines no evaluate_stage3(program_path) function' });
    expect(adapt('plain', ['--stage', '1'])).toMatchObject({ accuracy: 0.75 });
  });

  it('adds mean_of_metrics without combined_score, leaving error out, as OpenEvolve\'s fallback does', () => {
    const result = adapt('plain', [], { SWARM_SEED: '3' });
    const speed = z.number().parse(result.speed);
    expect(result).toMatchObject({ accuracy: 0.75, error: 0 });
    expect(result.mean_of_metrics).toBeCloseTo((0.75 + speed) / 2, 12);
  });

  it('seeds an unseeded evaluator with SWARM_SEED, unless --no-seed', () => {
    const seeded = [adapt('plain', [], { SWARM_SEED: '3' }), adapt('plain', [], { SWARM_SEED: '3' }), adapt('plain', [], { SWARM_SEED: '4' })];
    expect(seeded[0]).toEqual(seeded[1]);
    expect(seeded[2]?.speed).not.toBe(seeded[0]?.speed);
    const unseeded = new Set(Array.from({ length: 4 }, () => adapt('plain', ['--no-seed'], { SWARM_SEED: '3' }).speed));
    expect(unseeded.size).toBeGreaterThan(1);
  });

  it('turns a failing program\'s stderr artifact into feedback for the next agent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'swarm-oe-'));
    temps.push(dir);
    await writeFile(join(dir, 'evaluator.py'), 'from openevolve.evaluation_result import EvaluationResult\n'
      + 'def evaluate(p):\n    return EvaluationResult(metrics={"combined_score": 0.0}, artifacts={"stderr": "IndexError: list index out of range", "traceback": "line 3"})\n');
    await writeFile(join(dir, 'initial_program.py'), 'x = 1\n');
    const stdout = execFileSync('python3', [ADAPTER, 'evaluator.py', 'initial_program.py'], { cwd: dir, encoding: 'utf8' });
    expect(report.parse(JSON.parse(stdout.trim()))).toEqual({
      combined_score: 0,
      artifacts: { stderr: 'IndexError: list index out of range', traceback: 'line 3' },
      feedback: 'stderr: IndexError: list index out of range\ntraceback: line 3',
    });
  });
});
