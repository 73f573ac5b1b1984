import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalAgent } from '../../../src/agents/local/local-agent.js';
import { configSchema } from '../../../src/config-assembly/index.js';
import { attemptId, runId } from '../../../src/core/domain/ids.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const ADAPTER = join(ROOT, 'evaluators', 'openevolve_adapter.py');
const temps: string[] = [];

afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A private copy of an example, so evaluations never write into the repository. */
const copyExample = async (name: string): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), `swarm-example-${name}-`));
  temps.push(dir);
  await cp(join(EXAMPLES, name), dir, { recursive: true });
  return dir;
};

/** Runs a command and parses the last stdout line as JSON; evaluators must exit 0. */
const lastJson = (file: string, args: string[], cwd: string, env: Record<string, string> = {}): Record<string, unknown> => {
  const stdout = execFileSync(file, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  const parsed: unknown = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`not an object: ${stdout}`);
  return Object.fromEntries(Object.entries(parsed));
};

describe('examples/circle-packing', () => {
  it('scores the baseline as a valid, clearly sub-optimal packing and writes the result file', async () => {
    const dir = await copyExample('circle-packing');
    const resultFile = join(dir, 'result.json');
    const result = lastJson(process.execPath, ['evaluate.js'], dir, { SWARM_RESULT_FILE: resultFile, SWARM_SEED: '3' });
    expect(result.valid).toBe(true);
    expect(result.sum_radii).toBeGreaterThan(1.9);
    expect(result.sum_radii).toBeLessThan(2.3);
    expect(result.ratio).toBeCloseTo(Number(result.sum_radii) / 2.635, 9);
    expect(JSON.parse(await readFile(resultFile, 'utf8'))).toEqual(result);
  });

  it.each([
    ['overlapping circles', 'console.log(JSON.stringify({ circles: Array.from({ length: 26 }, () => [0.5, 0.5, 0.1]) }));', /^circles 0 and 1 overlap by 0\.2/],
    ['a circle outside the square', 'console.log(JSON.stringify({ circles: Array.from({ length: 26 }, (_, i) => [i === 4 ? 0.95 : 0.02 + i * 0.035, 0.5, i === 4 ? 0.1 : 0.001]) }));', /^circle 4 .* sticks out of the unit square by 0\.05/],
    ['the wrong count', 'console.log(JSON.stringify({ circles: [[0.5, 0.5, 0.1]] }));', /^expected 26 circles, got 1$/],
    ['a crash', 'throw new Error("boom");', /^pack\.js exited with code 1: Error: boom \(at pack\.js:1\)$/],
    ['no JSON', 'console.log("hello");', /printed no JSON line/],
    ['a NaN radius', 'console.log(JSON.stringify({ circles: Array.from({ length: 26 }, () => [0.5, 0.5, "x"]) }));', /^circle 0 has a non-finite value/],
  ])('reports %s as valid: false with feedback', async (_case, program, feedback) => {
    const dir = await copyExample('circle-packing');
    await writeFile(join(dir, 'pack.js'), program);
    const result = lastJson(process.execPath, ['evaluate.js'], dir);
    expect(result.valid).toBe(false);
    expect(result.feedback).toMatch(feedback);
  });

  it('stays valid under explorer mutations of the local agent', async () => {
    for (const seed of [1, 2, 3]) {
      const dir = await copyExample('circle-packing');
      const task = {
        runId: runId('r'), attemptId: attemptId(`a${seed}`), worktree: dir, role: 'explorer' as const, prompt: '',
        systemPrompt: '', timeoutMs: 30_000, seed, env: {}, logDir: join(dir, '.swarm', 'logs'),
      };
      const outcome = await createLocalAgent({ explorerMutations: 4 }).run(task, new AbortController().signal);
      expect(outcome.status).toBe('completed');
      expect(await readFile(join(dir, 'pack.js'), 'utf8')).not.toBe(await readFile(join(EXAMPLES, 'circle-packing', 'pack.js'), 'utf8'));
      const result = lastJson(process.execPath, ['evaluate.js'], dir);
      expect(result.valid, String(result.feedback)).toBe(true);
    }
  });
});

describe('examples/function-minimization', () => {
  it('scores the baseline with valid, finite metrics below the maximum, deterministic for a seed', async () => {
    const dir = await copyExample('function-minimization');
    const result = lastJson('python3', ['evaluate.py'], dir);
    expect(result).toMatchObject({ valid: true, trials: 10 });
    for (const key of ['score', 'value', 'distance', 'reliability', 'evaluations']) expect(Number.isFinite(result[key])).toBe(true);
    expect(result.score).toBeGreaterThan(0.2);
    expect(result.score).toBeLessThan(0.7);
    expect(result.value).toBeGreaterThan(-1.5186858);
    const again = lastJson('python3', ['evaluate.py'], dir);
    expect(again.score).toBe(result.score);
    const otherSeed = lastJson('python3', ['evaluate.py'], dir, { SWARM_SEED: '5' });
    expect(otherSeed.score).not.toBe(result.score);
    expect(lastJson('python3', ['evaluate.py'], dir, { SWARM_STAGE: 'quick' }).trials).toBe(3);
  });

  it.each([
    ['a syntax error', 'def search(seed)\n    return 0, 0\n', /^could not import search\.py: SyntaxError/],
    ['no search function', 'x = 1\n', /does not define search\(seed\)/],
    ['a point outside the square', 'def search(seed):\n    return 7.0, 0.0\n', /outside the square/],
    ['an exception', 'def search(seed):\n    raise ValueError("nope")\n', /^search raised ValueError: nope$/],
    ['too many calls of f', 'import math\ndef f(x, y):\n    return 0\ndef search(seed):\n    for _ in range(401):\n        f(0, 0)\n    return 0, 0\n', /called f more than 400 times/],
  ])('reports %s as valid: false with feedback', async (_case, program, feedback) => {
    const dir = await copyExample('function-minimization');
    await writeFile(join(dir, 'search.py'), program);
    const result = lastJson('python3', ['evaluate.py'], dir);
    expect(result.valid).toBe(false);
    expect(result.feedback).toMatch(feedback);
  });

  it('leaves no __pycache__ in the checkout', async () => {
    const dir = await copyExample('function-minimization');
    lastJson('python3', ['evaluate.py'], dir);
    expect(execFileSync('ls', ['-A', dir], { encoding: 'utf8' })).not.toContain('__pycache__');
  });
});

describe('evaluators/openevolve_adapter.py', () => {
  it('runs the function-minimization evaluator unchanged and prints its numeric metrics', async () => {
    const dir = await copyExample('function-minimization');
    const direct = lastJson('python3', ['evaluate.py'], dir);
    const adapted = lastJson('python3', [ADAPTER, join(dir, 'evaluate.py'), join(dir, 'search.py')], dir);
    expect(adapted.valid).toBe(true);
    expect(adapted.score).toBe(direct.score);
    expect(Object.values(adapted).every((value) => typeof value === 'number' || typeof value === 'boolean')).toBe(true);
  });

  it('turns NaN metrics, EvaluationResult objects, exceptions and import errors into JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'swarm-adapter-'));
    temps.push(dir);
    const run = async (source: string): Promise<Record<string, unknown>> => {
      await writeFile(join(dir, 'ev.py'), source);
      return lastJson('python3', [ADAPTER, join(dir, 'ev.py'), 'program.py'], dir);
    };
    expect(await run('def evaluate(p):\n    return {"score": float("nan"), "other": 2}\n')).toEqual({
      other: 2, mean_of_metrics: 2, valid: false, feedback: 'evaluate() returned non-finite metrics: score is nan',
    });
    // stderr artifacts and an error text become feedback; bytes artifacts are decoded.
    expect(await run(
      'class R:\n    def __init__(self):\n        self.metrics = {"combined_score": 0.5, "ok": True, "error": "slow"}\n' +
      '        self.artifacts = {"stderr": "warn", "blob": b"x"}\n' +
      'def evaluate(p):\n    print("noise")\n    return R()\n',
    )).toEqual({ combined_score: 0.5, ok: 1, feedback: 'stderr: warn\nerror: slow', artifacts: { stderr: 'warn', blob: 'x' } });
    const raised = await run('def evaluate(p):\n    raise RuntimeError("bad " + p)\n');
    expect(raised).toMatchObject({ valid: false, artifacts: { traceback: expect.stringContaining('RuntimeError: bad program.py') } });
    expect(raised.feedback).toMatch(/^evaluate\('program.py'\) raised RuntimeError: bad program.py\nTraceback/);
    expect((await run('import no_such_module\n')).feedback).toMatch(/^could not import evaluator .*ModuleNotFoundError/);
    expect((await run('def evaluate(p):\n    return [1]\n')).feedback).toMatch(/returned list; expected a dict/);
  });
});

describe('example configs', () => {
  it.each([
    ['circle-packing', 'evaluate.js', 'sum_radii'],
    ['function-minimization', 'evaluate.py', 'score'],
  ])('%s/.swarmrc.json is a valid config that protects %s and names metric %s', async (name, evaluator, metric) => {
    const parsed = configSchema.safeParse(JSON.parse(await readFile(join(EXAMPLES, name, '.swarmrc.json'), 'utf8')));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({
      objective: { metric, direction: 'maximize' },
      agent: { backend: 'local' },
      budget: { attempts: 40 },
      concurrency: { agents: 2, evaluations: 2 },
    });
    expect(parsed.data?.evaluator.protect).toContain(evaluator);
    expect(parsed.data?.evaluator.command).toContain(evaluator);
  });
});
