import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalAgent } from '../../../src/agents/local/local-agent.js';
import { attemptId, runId } from '../../../src/core/domain/ids.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TASKS = join(ROOT, 'bench', 'policies', 'tasks');
const ADAPTER = join(ROOT, 'evaluators', 'openevolve_adapter.py');
const temps: string[] = [];

afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const copyTask = async (name: string): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), `swarm-task-${name}-`));
  temps.push(dir);
  await cp(join(TASKS, name), dir, { recursive: true });
  return dir;
};

const lastJson = (file: string, args: string[], cwd: string): Record<string, unknown> => {
  const stdout = execFileSync(file, args, { cwd, encoding: 'utf8', env: { ...process.env, SWARM_SEED: '4' } });
  const parsed: unknown = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`not an object: ${stdout}`);
  return Object.fromEntries(Object.entries(parsed));
};

const RIGHT = { LOADER: 'json_reader', PREPROCESS: 'minmax_scale', MODEL: 'gradient_boosting', POSTPROCESS: 'clip_outliers' };

describe('bench/policies/tasks/k-module through the OpenEvolve adapter', () => {
  const score = async (dir: string, settings: Partial<typeof RIGHT>): Promise<Record<string, unknown>> => {
    let program = await readFile(join(dir, 'initial_program.py'), 'utf8');
    for (const [name, value] of Object.entries(settings)) program = program.replace(new RegExp(`^${name} = '[a-z_]+'$`, 'm'), `${name} = '${value}'`);
    await writeFile(join(dir, 'initial_program.py'), program);
    return lastJson('python3', [ADAPTER, 'evaluator.py', 'initial_program.py'], dir);
  };

  it('reports only the share of right stages: 0 for the initial program, 0.5 for two, 1 for all', async () => {
    const dir = await copyTask('k-module');
    expect(await score(dir, {})).toEqual({ combined_score: 0 });
    expect(await score(dir, { LOADER: RIGHT.LOADER, MODEL: RIGHT.MODEL })).toEqual({ combined_score: 0.5 });
    expect(await score(dir, RIGHT)).toEqual({ combined_score: 1 });
  });

  it('marks an undeclared option invalid, naming the stage', async () => {
    const dir = await copyTask('k-module');
    const result = await score(dir, { MODEL: 'oracle' });
    expect(result.valid).toBe(false);
    expect(result.feedback).toMatch(/stages without one of their declared options: model/);
  });

  it('is a program the local agent changes among the declared options only', async () => {
    const dir = await copyTask('k-module');
    const logs = await mkdtemp(join(tmpdir(), 'swarm-task-logs-'));
    temps.push(logs);
    const task = {
      runId: runId('r1'), attemptId: attemptId('a2'), worktree: dir, role: 'explorer' as const, prompt: 'p', systemPrompt: '',
      timeoutMs: 30_000, seed: 5, env: {}, logDir: logs,
    };
    const outcome = await createLocalAgent().run(task, new AbortController().signal);
    expect(outcome.status).toBe('completed');
    expect(outcome.summary).toMatch(/^re-randomized 3 constants in initial_program\.py/);
    const result = lastJson('python3', [ADAPTER, 'evaluator.py', 'initial_program.py'], dir);
    expect(Object.keys(result)).toEqual(['combined_score']);
    expect([0, 0.25, 0.5, 0.75]).toContain(result.combined_score);
  });
});

describe('bench/policies/tasks/k-module with the local optimizer', () => {
  it('keeps only the choice steps the evaluator scores higher', async () => {
    const dir = await copyTask('k-module');
    const logs = await mkdtemp(join(tmpdir(), 'swarm-task-logs-'));
    temps.push(logs);
    const scorer = fileURLToPath(new URL('./fixtures/score-k-module.mjs', import.meta.url));
    const agent = createLocalAgent({ optimizerSteps: 8, evalArgv: [process.execPath, scorer, ADAPTER] });
    const task = {
      runId: runId('r1'), attemptId: attemptId('a3'), worktree: dir, role: 'optimizer' as const, prompt: 'p', systemPrompt: '',
      timeoutMs: 120_000, seed: 2, env: {}, logDir: logs,
    };
    const outcome = await agent.run(task, new AbortController().signal);
    expect(outcome.status).toBe('completed');
    const log = await readFile(join(logs, 'transcript.md'), 'utf8');
    expect(log).toContain('found 0 numeric literals and 4 categorical choices');
    const kept = [...log.matchAll(/score ([\d.]+): improved, kept/g)].map((m) => Number(m[1]));
    const restored = [...log.matchAll(/score ([\d.]+): no gain, restored/g)].map((m) => Number(m[1]));
    expect(kept.length + restored.length).toBe(8);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    const final = lastJson('python3', [ADAPTER, 'evaluator.py', 'initial_program.py'], dir).combined_score;
    expect(final).toBe(kept.at(-1) ?? 0);
  });
});

describe('bench/policies/tasks/k-module as coordinate search', () => {
  it('moves one stage a step and never retries a restored move before the next improvement', async () => {
    const dir = await copyTask('k-module');
    const logs = await mkdtemp(join(tmpdir(), 'swarm-task-logs-'));
    temps.push(logs);
    const scorer = fileURLToPath(new URL('./fixtures/score-k-module.mjs', import.meta.url));
    const agent = createLocalAgent({ optimizerSteps: 24, evalArgv: [process.execPath, scorer, ADAPTER] });
    const task = {
      runId: runId('r1'), attemptId: attemptId('a3'), worktree: dir, role: 'optimizer' as const, prompt: 'p', systemPrompt: '',
      timeoutMs: 120_000, seed: 7, env: {}, logDir: logs,
    };
    expect((await agent.run(task, new AbortController().signal)).status).toBe('completed');
    const log = await readFile(join(logs, 'transcript.md'), 'utf8');
    const steps = [...log.matchAll(/step \d+: tried (.*); score [\d.]+: (improved, kept|no gain, restored)/g)].map((m) => ({ move: m[1] ?? '', kept: m[2] === 'improved, kept' }));
    expect(steps.length).toBe(24);
    let restored = new Set<string>();
    for (const step of steps) {
      expect(step.move.split('; ')).toHaveLength(1);
      expect(restored.has(step.move)).toBe(false);
      restored = step.kept ? new Set() : restored.add(step.move);
    }
    expect(lastJson('python3', [ADAPTER, 'evaluator.py', 'initial_program.py'], dir).combined_score).toBe(1);
  }, 180_000);

  it("explorerSampling 'sample' draws a whole program among the declared options", async () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const dir = await copyTask('k-module');
      const logs = await mkdtemp(join(tmpdir(), 'swarm-task-logs-'));
      temps.push(logs);
      const task = {
        runId: runId('r1'), attemptId: attemptId('a2'), worktree: dir, role: 'explorer' as const, prompt: 'p', systemPrompt: '',
        timeoutMs: 30_000, seed, env: {}, logDir: logs,
      };
      expect((await createLocalAgent({ explorerSampling: 'sample' }).run(task, new AbortController().signal)).status).toBe('completed');
      const result = lastJson('python3', [ADAPTER, 'evaluator.py', 'initial_program.py'], dir);
      expect([0, 0.25, 0.5, 0.75, 1]).toContain(result.combined_score);
      seen.add(await readFile(join(dir, 'initial_program.py'), 'utf8'));
    }
    expect(seen.size).toBe(3);
  });
});

describe('bench/policies/tasks/deceptive-2', () => {
  const score = async (dir: string, rate: string, width: string, depth: string): Promise<Record<string, unknown>> => {
    const program = (await readFile(join(dir, 'design.js'), 'utf8'))
      .replace(/RATE = [\d.]+/, `RATE = ${rate}`).replace(/WIDTH = [\d.]+/, `WIDTH = ${width}`).replace(/DEPTH = [\d.]+/, `DEPTH = ${depth}`);
    await writeFile(join(dir, 'design.js'), program);
    return lastJson(process.execPath, ['evaluate.js'], dir);
  };

  it('scores the baseline on the trap, the trap peak at 0.70 and the better basin at 1.0, with no label', async () => {
    const dir = await copyTask('deceptive-2');
    const baseline = await score(dir, '0.8', '2.0', '1.5');
    expect(Object.keys(baseline).sort()).toEqual(['output_hash', 'score']);
    expect(baseline.score).toBeCloseTo(0.6247, 4);
    expect((await score(dir, '1.1', '1.6', '1.8')).score).toBe(0.7);
    expect((await score(dir, '0.36', '4.5', '2.7')).score).toBe(1);
    // The better basin's outskirts score below the trap's peak.
    expect(Number((await score(dir, '0.563', '2.97', '2.29')).score)).toBeLessThan(0.7);
  });

  it('marks a program that prints no numbers invalid', async () => {
    const dir = await copyTask('deceptive-2');
    await writeFile(join(dir, 'design.js'), 'console.log("{}");\n');
    const result = lastJson(process.execPath, ['evaluate.js'], dir);
    expect(result.valid).toBe(false);
    expect(result.feedback).toMatch(/finite numbers/);
  });
});
