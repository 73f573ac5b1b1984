import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateCheckout, type EvaluateCheckoutInput } from '../../../src/app/evaluation/evaluate-checkout.js';
import { violatedPathsOf } from '../../../src/app/evaluation/guard-evaluation.js';
import { LocalEvaluatorRunner } from '../../../src/eval/local-evaluator-runner.js';
import { referenceFromCommit } from '../../../src/workspace/protected-files.js';
import { makeRepo, writeFiles, type TempRepo } from '../../support/git-repo.js';

const HONEST = 'const fs = require("node:fs");\nconsole.log(JSON.stringify({ score: Number(fs.readFileSync("data/weight.txt", "utf8")) }));\n';

describe('evaluations guarded against changes to protected files', () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeRepo({ 'evaluate.js': HONEST, 'data/weight.txt': '1\n', 'prog.js': 'x\n', '.gitignore': 'data/*.local\n' });
  });
  afterEach(() => repo.cleanup());

  const input = async (stages: Array<{ name: string; command: string }>): Promise<EvaluateCheckoutInput> => ({
    runner: new LocalEvaluatorRunner(),
    stages: stages.map((s) => ({ ...s, timeoutMs: 20_000, threshold: null, thresholdOn: 'score' as const })),
    cwd: repo.dir,
    logDir: join(repo.dir, '.logs'),
    metric: 'score',
    direction: 'maximize',
    seed: 0,
    env: {},
    kind: 'official',
    signal: new AbortController().signal,
    protection: await referenceFromCommit(repo.dir, repo.baseline, ['evaluate.js', 'data/**']),
    artifacts: null,
  });

  it('evaluates with the baseline content even when the checkout holds another version', async () => {
    writeFileSync(join(repo.dir, 'evaluate.js'), 'console.log(JSON.stringify({ score: 1000 }))\n');
    writeFiles(repo.dir, { 'data/weight.txt': '500\n', 'data/planted.local': 'ignored, still removed' });
    const result = await evaluateCheckout(await input([{ name: 'main', command: 'node evaluate.js' }]));
    expect(result.final).toMatchObject({ valid: true, score: 1 });
    expect(result.violations).toEqual([]);
    expect(readFileSync(join(repo.dir, 'evaluate.js'), 'utf8')).toBe(HONEST);
  });

  it('makes protected files read-only during a stage and invalidates the stage that changes one anyway', async () => {
    const forge = `node -e "const fs=require('fs');const ro=(fs.statSync('evaluate.js').mode & 0o222)===0;fs.chmodSync('data/weight.txt',0o644);fs.writeFileSync('data/weight.txt','900');console.log('read-only: '+ro);console.log(JSON.stringify({score: 900}))"`;
    const result = await evaluateCheckout(await input([{ name: 'quick', command: forge }, { name: 'full', command: 'node evaluate.js' }]));
    expect(result.results.map((r) => r.stage)).toEqual(['quick']);
    expect(result.results[0]?.outcome.stdoutTail).toContain('read-only: true');
    expect(result.final.valid).toBe(false);
    expect(result.final.score).toBeNull();
    expect(result.final.reason).toContain('data/weight.txt');
    expect(result.violations).toEqual(['data/weight.txt']);
    // What a resumed evaluation reads back from the kept outcome (evaluation-journal.ts).
    expect(violatedPathsOf(result.final.reason)).toEqual(['data/weight.txt']);
    expect(readFileSync(join(repo.dir, 'data', 'weight.txt'), 'utf8')).toBe('1\n');
    expect(statSync(join(repo.dir, 'data', 'weight.txt')).mode & 0o200).not.toBe(0);
  });

  it('bytecode and caches a stage writes under protected paths are not tampering; those planted before a stage are removed', async () => {
    writeFiles(repo.dir, { 'data/__pycache__/forged.cpython-311.pyc': 'planted by the agent' });
    const stage = `node -e "const fs=require('fs');const planted=fs.existsSync('data/__pycache__/forged.cpython-311.pyc');fs.mkdirSync('data/__pycache__',{recursive:true});fs.writeFileSync('data/__pycache__/w.cpython-311.pyc','b');fs.writeFileSync('data/.coverage','c');console.log(JSON.stringify({score: planted ? 0 : 3}))"`;
    const result = await evaluateCheckout(await input([{ name: 'quick', command: stage }, { name: 'full', command: stage }]));
    expect(result.violations).toEqual([]);
    // The second stage did not see what the first one wrote either.
    expect(result.final).toMatchObject({ valid: true, score: 3 });
    expect(existsSync(join(repo.dir, 'data/__pycache__/forged.cpython-311.pyc'))).toBe(false);
  });

  it('python bytecode of protected tests run by a stage leaves the evaluation valid', async () => {
    const stage = `python3 -c "import sys; sys.path.insert(0, 'data'); import check; print('{\\"score\\": 2}')"`;
    const tests = makeRepo({ 'data/check.py': 'OK = True\n', '.gitignore': '__pycache__/\n' });
    try {
      const result = await evaluateCheckout({ ...(await input([{ name: 'quick', command: stage }, { name: 'full', command: stage }])), cwd: tests.dir, protection: await referenceFromCommit(tests.dir, tests.baseline, ['data/**']) });
      expect(result.violations).toEqual([]);
      expect(result.final).toMatchObject({ valid: true, score: 2 });
      expect(result.results.map((r) => r.stage)).toEqual(['quick', 'full']);
    } finally {
      tests.cleanup();
    }
  });
});
