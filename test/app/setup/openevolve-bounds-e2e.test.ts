import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../../../src/config-assembly/index.js';
import { initFromOpenEvolve, type OpenEvolveInit } from '../../../src/index.js';
import { runApi, type ApiRun } from '../../support/api-run.js';

/**
 * The two OpenEvolve cases of issue 27, as small examples of the same shape (standard library
 * only): a function minimization whose search reads `bounds[0]`/`bounds[1]` and loops over
 * `range(iterations)`, configured by `config_phase_1.yaml`, with a `best_program.py` (markers and
 * all) left beside the initial program by an earlier OpenEvolve run.
 */
const PROGRAM = `# EVOLVE-BLOCK-START
"""Random search for the minimum of a bumpy function."""
import math
import random


def search_algorithm(iterations=300, bounds=(-5, 5), step=0.5):
    rng = random.Random(7)
    best_x = rng.uniform(bounds[0], bounds[1])
    best_y = rng.uniform(bounds[0], bounds[1])
    best_value = evaluate_function(best_x, best_y)
    for _ in range(iterations):
        x = best_x + rng.uniform(-step, step) if rng.random() < 0.7 else rng.uniform(bounds[0], bounds[1])
        y = best_y + rng.uniform(-step, step) if rng.random() < 0.7 else rng.uniform(bounds[0], bounds[1])
        value = evaluate_function(x, y)
        if value < best_value:
            best_x, best_y, best_value = x, y, value
    return best_x, best_y, best_value


def evaluate_function(x, y):
    return math.sin(x) * math.cos(y) + math.sin(x * y) + (x ** 2 + y ** 2) / 20


# EVOLVE-BLOCK-END
def run_search():
    return search_algorithm()
`;

const EVALUATOR = `import importlib.util


def evaluate(program_path):
    spec = importlib.util.spec_from_file_location("program", program_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    x, y, value = module.run_search()
    return {"combined_score": 1.0 / (1.0 + (value + 1.5187)), "value": value}
`;

const CONFIG = `max_iterations: 8
random_seed: 3
evaluator:
  timeout: 30
`;

describe('OpenEvolve function minimization with best_program.py beside it (issue 27)', () => {
  let root: string;
  let target: string;
  let init: OpenEvolveInit;
  let run: ApiRun;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: target, encoding: 'utf8' });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'swarm-oe-bounds-'));
    const example = join(root, 'function_minimization');
    mkdirSync(example);
    writeFileSync(join(example, 'initial_program.py'), PROGRAM);
    writeFileSync(join(example, 'best_program.py'), PROGRAM.replace('step=0.5', 'step=0.25'));
    writeFileSync(join(example, 'evaluator.py'), EVALUATOR);
    writeFileSync(join(example, 'config_phase_1.yaml'), CONFIG);
    target = join(root, 'search');
    init = await initFromOpenEvolve({ from: join(example, 'config_phase_1.yaml'), dir: target });
    run = await runApi(target, { overrides: { attempts: 8 } });
  }, 240_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names and protects the config file it was given', () => {
    const config = configSchema.parse(JSON.parse(readFileSync(join(target, '.swarmrc.json'), 'utf8')));
    expect(config.evaluator.protect).toEqual(['evaluator.py', 'openevolve_adapter.py', 'config_phase_1.yaml']);
    expect(config.task.solutionFiles).toEqual(['initial_program.py']);
    expect(readFileSync(join(target, 'prompt.md'), 'utf8')).toContain('the adapter or config_phase_1.yaml');
    // Nothing it reports (what `swarm init` prints) names a config.yaml the example lacks.
    expect(basename(init.configFile ?? '')).toBe('config_phase_1.yaml');
    expect([...init.written, ...init.skipped, ...init.copied, ...init.notes, ...init.unmapped].join('\n')).not.toContain('config.yaml');
  });

  it('edits only initial_program.py, never an index bound or a range() count, and the attempts score', () => {
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const branches = git('for-each-ref', '--format=%(refname:short)', 'refs/heads/swarm/').trim().split('\n').filter((b) => b !== '');
    expect(branches.length).toBeGreaterThanOrEqual(8);
    let edited = 0;
    for (const branch of branches) {
      const changed = git('diff', '--name-only', 'main', branch).trim().split('\n').filter((f) => f !== '' && f !== 'findings.md');
      expect(changed.filter((f) => f !== 'initial_program.py'), branch).toEqual([]);
      const program = git('show', `${branch}:initial_program.py`);
      if (program !== PROGRAM) edited += 1;
      expect(program.match(/bounds\[\d\]/g), branch).toEqual(PROGRAM.match(/bounds\[\d\]/g));
      expect(program, branch).toContain('for _ in range(iterations):');
    }
    expect(edited).toBeGreaterThan(0);
    const db = new Database(join(target, '.swarm', 'swarm.db'), { readonly: true });
    try {
      const rows = z.array(z.object({ status: z.string() })).parse(db.prepare("SELECT status FROM attempts WHERE role != 'baseline'").all());
      expect(rows.filter((r) => r.status === 'scored').length).toBeGreaterThan(rows.length / 2);
    } finally {
      db.close();
    }
  });
});
