import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../../../src/config-assembly/index.js';
import { runCli, type CliResult } from '../../support/toy-repo.js';

const EXAMPLE = fileURLToPath(new URL('../../fixtures/openevolve/cascade/', import.meta.url));
const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), stage: z.string(), valid: z.number(), score: z.number().nullable() });

describe('swarm init --from-openevolve', () => {
  let root: string;
  let target: string;
  let init: CliResult;
  let run: CliResult;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'swarm-oe-init-'));
    // The example as a user has it: a folder of its own, untouched by the test.
    const example = join(root, 'toy_cascade');
    cpSync(EXAMPLE, example, { recursive: true });
    target = join(root, 'search');
    init = await runCli(root, ['init', '--from-openevolve', example, target]);
    run = await runCli(target, ['run', '--attempts', '4']);
  }, 180_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('translates config.yaml: metric, cascade with OpenEvolve thresholds, budget, timeout, islands, seed, protection', () => {
    expect(init.code).toBe(0);
    const config = configSchema.parse(JSON.parse(readFileSync(join(target, '.swarmrc.json'), 'utf8')));
    const command = 'python3 openevolve_adapter.py evaluator.py initial_program.py';
    expect(config.objective).toEqual({ metric: 'combined_score', direction: 'maximize', metrics: [], constraints: [] });
    expect(config.evaluator).toMatchObject({ command, timeoutMs: 30_000, protect: ['evaluator.py', 'openevolve_adapter.py', 'config.yaml'] });
    expect(config.evaluator.cascade).toEqual([
      { name: 'stage1', command: `${command} --stage 1`, timeoutMs: 30_000, threshold: 0.3, thresholdOn: 'combined-or-mean' },
      { name: 'stage2', command: `${command} --stage 2`, timeoutMs: 30_000, threshold: null, thresholdOn: 'combined-or-mean' },
    ]);
    expect(config.budget.attempts).toBe(6);
    expect(config.concurrency.evaluations).toBe(2);
    expect(config.shepherd).toMatchObject({ policy: 'evolve', seed: 7, evolve: { islands: 2, eliteRatio: 0.2, explorationRatio: 0.3, exploitationRatio: 0.6, gridSize: 5, featureDimensions: ['diffSize', 'depth'] } });
    expect(config.task.solutionFiles).toEqual(['initial_program.py']);
  });

  it('writes the system message into prompt.md, copies the adapter, commits a baseline and says what it did not map', () => {
    expect(readFileSync(join(target, 'prompt.md'), 'utf8')).toContain('You tune a toy design. Move x towards what the evaluator rewards.');
    expect(existsSync(join(target, 'openevolve_adapter.py'))).toBe(true);
    const tracked = execFileSync('git', ['ls-files'], { cwd: target, encoding: 'utf8' }).trim().split('\n').sort();
    expect(tracked).toEqual(['.swarmrc.json', 'config.yaml', 'evaluator.py', 'initial_program.py', 'openevolve_adapter.py', 'prompt.md']);
    expect(init.stdout).toMatch(/committed the baseline \([0-9a-f]{7}\); next: `swarm run`/);
    expect(init.stdout).toMatch(/not mapped from config\.yaml:\n {2}checkpoint_interval: swarm records every attempt/);
    expect(init.stdout).toMatch(/^ {2}llm: swarm runs the offline "local" agent/m);
    expect(init.stdout).toMatch(/^ {2}evaluator\.max_retries: /m);
    expect(init.stdout).not.toMatch(/^ {2}database\.num_islands/m);
  });

  it('runs the search with no hand edits: every attempt goes through both stages of the cascade', () => {
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const db = new Database(join(target, '.swarm', 'swarm.db'), { readonly: true });
    try {
      const rows = z.array(evaluationRow).parse(db.prepare("SELECT attempt_id, kind, stage, valid, score FROM evaluations WHERE kind IN ('baseline', 'official') ORDER BY id").all());
      const baseline = rows.filter((r) => r.kind === 'baseline');
      // Twice with one seed (the noise check), each time through both stages.
      const stages = [['stage1', 1, expect.closeTo(0.4, 9)], ['stage2', 1, expect.closeTo(0.4, 9)]];
      expect(baseline.map((r) => [r.stage, r.valid, r.score])).toEqual([...stages, ...stages]);
      // An attempt below stage 1's threshold stops there, as in OpenEvolve; the others run stage 2.
      const byAttempt = new Map<string, Array<z.infer<typeof evaluationRow>>>();
      for (const row of rows.filter((r) => r.kind === 'official')) byAttempt.set(row.attempt_id, [...(byAttempt.get(row.attempt_id) ?? []), row]);
      expect(byAttempt.size).toBe(4);
      for (const [attempt, stages] of byAttempt) {
        const expected = (stages[0]?.score ?? 0) >= 0.3 ? ['stage1', 'stage2'] : ['stage1'];
        expect({ attempt, stages: stages.map((s) => s.stage) }).toEqual({ attempt, stages: expected });
      }
    } finally {
      db.close();
    }
    const status = execFileSync('git', ['status', '--porcelain'], { cwd: target, encoding: 'utf8' });
    expect(status).toBe('');
    expect(run.stderr).not.toContain('not deterministic');
  });

  it('with --skills, the skills are part of the baseline commit too', async () => {
    const withSkills = join(root, 'with-skills');
    const result = await runCli(root, ['init', '--from-openevolve', EXAMPLE, withSkills, '--skills']);
    expect(result.code).toBe(0);
    const tracked = execFileSync('git', ['ls-files'], { cwd: withSkills, encoding: 'utf8' });
    expect(tracked).toContain('.claude/skills/swarm-shepherd/SKILL.md');
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: withSkills, encoding: 'utf8' })).toBe('');
  });

  it('shows the evaluator\'s artifacts in swarm show, as text and in --json', async () => {
    const text = await runCli(target, ['show', 'a1']);
    expect(text.stdout).toContain('artifact stage  stage1 ok');
    const json = z.object({ evaluations: z.array(z.object({ stage: z.string(), artifacts: z.record(z.string(), z.string()).nullable() })) })
      .parse(JSON.parse((await runCli(target, ['show', 'a1', '--json'])).stdout));
    expect(json.evaluations.find((e) => e.stage === 'stage1')?.artifacts).toEqual({ stage: 'stage1 ok' });
  });
});
