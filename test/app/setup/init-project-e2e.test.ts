import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../../../src/config-assembly/index.js';
import { parseJsonc } from '../../../src/config/parse-jsonc.js';
import { evaluate, init, isSwarmError } from '../../../src/index.js';
import { thrownBy } from '../../support/api-run.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-init-e2e-'));
  dirs.push(dir);
  return dir;
};

const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });

/** A research-style Python repository: its code reads a gitignored dataset and runs in a .venv. */
const pythonRepo = (): string => {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, '.gitignore'), 'data/\n.venv/\n');
  writeFileSync(join(dir, 'requirements.txt'), '');
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'data', 'points.csv'), '1,2\n3,4\n5,6\n');
  writeFileSync(join(dir, 'helpers.py'), 'def unused():\n    return 0\n');
  writeFileSync(join(dir, 'fit.py'), [
    'import csv',
    '# EVOLVE-BLOCK-START',
    'SCALE = 0.5',
    '# EVOLVE-BLOCK-END',
    'rows = list(csv.reader(open("data/points.csv")))',
    'print(SCALE * len(rows))',
    '',
  ].join('\n'));
  execFileSync('python3', ['-m', 'venv', '--without-pip', '.venv'], { cwd: dir });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'research code');
  return dir;
};

const readConfig = (dir: string): { raw: string; config: z.infer<typeof configSchema> } => {
  const raw = readFileSync(join(dir, '.swarmrc.json'), 'utf8');
  const parsed = parseJsonc(raw);
  if (!parsed.ok) throw new Error(`.swarmrc.json is not JSONC: ${parsed.error.reason}`);
  return { raw, config: configSchema.parse(parsed.value) };
};

/** `swarm eval` of the checkout at `dir`, through the API. */
const evaluateCheckout = (dir: string) => evaluate({ cwd: dir, signal: new AbortController().signal });

/** What the CLI prints and exits with for these: test/cli/commands/init-project.test.ts. */
describe('swarm init on a real repository (issue 27, item 4)', () => {
  it('refuses outside a git repository with a usage error naming git init', async () => {
    const dir = tempDir();
    const error = await thrownBy(init({ dir }));
    expect(isSwarmError(error) && error.code).toBe('USAGE');
    expect(error instanceof Error && error.message).toContain('is not inside a git repository; run `git init` there');
    expect(() => readFileSync(join(dir, '.swarmrc.json'))).toThrow();
  });

  it('writes a starter config, prompt and evaluator with --evaluator node, and keeps existing files', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    const first = await init({ dir, evaluator: 'node' });
    expect(first.written.map((p) => p.slice(dir.length + 1)).sort()).toEqual(['.swarm/schema.json', '.swarmrc.json', 'evaluate.mjs', 'prompt.md']);
    expect(first.skipped).toEqual([]);
    const second = await init({ dir, evaluator: 'node' });
    // The user's files are kept; only swarm's generated schema is written afresh.
    expect(second.skipped.map((p) => p.slice(dir.length + 1)).sort()).toEqual(['.swarmrc.json', 'evaluate.mjs', 'prompt.md']);
    expect(second.written.map((p) => p.slice(dir.length + 1))).toEqual(['.swarm/schema.json']);
  });

  it('on a Python project: evaluates the user\'s program, protects the evaluator, names the solution file, proposes the ignored data and .venv', async () => {
    const dir = pythonRepo();
    const result = await init({ dir });
    expect(result).toMatchObject({ program: 'fit.py', programReason: 'it holds an EVOLVE-BLOCK', testGated: null });
    const { raw, config } = readConfig(dir);
    expect(config.evaluator.command).toBe('.venv/bin/python evaluate.py');
    expect(config.evaluator.protect).toEqual(['evaluate.py']);
    expect(config.task.solutionFiles).toEqual(['fit.py']);
    // The workspace proposal: real config keys, not a comment.
    expect(config.workspace.link).toEqual(['.venv', 'data']);
    expect(raw).not.toMatch(/^\s*\/\//m);
    expect(readFileSync(join(dir, 'evaluate.py'), 'utf8')).toMatch(/^PROGRAM = "fit\.py"$/m);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'swarm init');
    // The evaluator scores the user's code: 0.5 × 3 rows of data/points.csv.
    expect(await evaluateCheckout(dir)).toMatchObject({ valid: true, score: 1.5 });
  });

  it('program chooses the file; one outside the project is a usage error', async () => {
    const dir = pythonRepo();
    writeFileSync(join(dir, 'other.py'), 'print(2)\n');
    expect(await init({ dir, program: join(dir, 'other.py') })).toMatchObject({ program: 'other.py', programReason: 'given with --program', solutionFiles: ['other.py'] });
    expect(execFileSync('python3', ['evaluate.py'], { cwd: dir, encoding: 'utf8' })).toMatch(/"score": 2\.0/);
    const bad = await thrownBy(init({ dir, force: true, program: join(dir, '..', 'elsewhere.py') }));
    expect(isSwarmError(bad) && bad.code).toBe('USAGE');
    expect(bad instanceof Error && bad.message).toMatch(/--program \S*elsewhere\.py is not a file in /);
  });

  it('on a Node project: the Node template runs package.json\'s main, npm ci is proposed as setup', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'toy', main: 'score.js' }));
    writeFileSync(join(dir, 'package-lock.json'), '{}');
    writeFileSync(join(dir, 'score.js'), 'console.log(7);\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'code');
    const result = await init({ dir });
    expect(result).toMatchObject({ kind: 'node', program: 'score.js', evaluatorCommand: 'node evaluate.mjs', setup: ['npm ci --prefer-offline --no-audit --no-fund'] });
    const { config } = readConfig(dir);
    expect(config.evaluator.protect).toEqual(['evaluate.mjs']);
    expect(config.workspace.setup).toEqual(['npm ci --prefer-offline --no-audit --no-fund']);
    expect(result).toMatchObject({ workspace: 'keys' });
    expect(execFileSync(process.execPath, ['evaluate.mjs'], { cwd: dir, encoding: 'utf8' })).toMatch(/"score":7/);
  });
});
