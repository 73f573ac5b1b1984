import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../../../src/config-assembly/index.js';
import { initFromOpenEvolve, installSkills, show, type OpenEvolveInit } from '../../../src/index.js';
import { runApi, type ApiRun } from '../../support/api-run.js';

const EXAMPLE = fileURLToPath(new URL('../../fixtures/openevolve/cascade/', import.meta.url));
const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), stage: z.string(), valid: z.number(), score: z.number().nullable() });

/** The project skills, written before the baseline commit (what `swarm init --skills` passes as alsoWrite). */
const writeSkills = async (dir: string): Promise<string[]> =>
  (await installSkills({ agents: ['claude', 'codex'], scope: 'project', projectDir: dir, env: process.env, dryRun: false })).filter((c) => c.action === 'wrote').map((c) => c.path);

/** What `swarm init --from-openevolve` prints, its --skills flag and `swarm show`'s artifact lines: test/cli/commands/init-openevolve.test.ts. */
describe('swarm init --from-openevolve', () => {
  let root: string;
  let target: string;
  let init: OpenEvolveInit;
  let run: ApiRun;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'swarm-oe-init-'));
    // The example as a user has it: a folder of its own, untouched by the test.
    const example = join(root, 'toy_cascade');
    cpSync(EXAMPLE, example, { recursive: true });
    target = join(root, 'search');
    init = await initFromOpenEvolve({ from: example, dir: target });
    run = await runApi(target, { overrides: { attempts: 4 } });
  }, 180_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('translates config.yaml: metric, cascade with OpenEvolve thresholds, budget, timeout, islands, seed, protection', () => {
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
    expect(init.committed).toMatch(/^[0-9a-f]{7,}$/);
    expect(execFileSync('git', ['cat-file', '-t', init.committed ?? 'none'], { cwd: target, encoding: 'utf8' }).trim()).toBe('commit');
    expect(basename(init.configFile ?? '')).toBe('config.yaml');
    expect(init.unmapped[0]).toMatch(/^checkpoint_interval: swarm records every attempt/);
    expect(init.unmapped).toContainEqual(expect.stringMatching(/^llm: swarm runs the offline "local" agent/));
    expect(init.unmapped).toContainEqual(expect.stringMatching(/^evaluator\.max_retries: /));
    expect(init.unmapped.filter((line) => line.startsWith('database.num_islands'))).toEqual([]);
  });

  it('runs the search with no hand edits: every attempt goes through both stages of the cascade', () => {
    expect(run.lines.join('\n')).not.toMatch(/error/i);
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
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
    expect(run.lines.join('\n')).not.toContain('not deterministic');
  });

  it('with the skills written too, they are part of the baseline commit', async () => {
    const withSkills = join(root, 'with-skills');
    const result = await initFromOpenEvolve({ from: EXAMPLE, dir: withSkills, alsoWrite: writeSkills });
    expect(result.committed).not.toBeNull();
    const tracked = execFileSync('git', ['ls-files'], { cwd: withSkills, encoding: 'utf8' });
    expect(tracked).toContain('.claude/skills/swarm-shepherd/SKILL.md');
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: withSkills, encoding: 'utf8' })).toBe('');
  });

  it('shows the evaluator\'s artifacts in swarm show', async () => {
    const detail = await show({ cwd: target, attemptId: 'a1' });
    expect(detail.evaluations.find((e) => e.stage === 'stage1')?.artifacts).toEqual({ stage: 'stage1 ok' });
  });
});
