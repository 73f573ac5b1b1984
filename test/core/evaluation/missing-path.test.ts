import { describe, expect, it } from 'vitest';
import { evaluatorScript, missingPaths } from '../../../src/core/evaluation/missing-path.js';

describe('missingPaths', () => {
  it('finds the path in Python, Node and shell errors', () => {
    expect(missingPaths("Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'data/points.csv'\n")).toEqual(['data/points.csv']);
    expect(missingPaths("python3: can't open file '/r/.swarm/worktrees/a1/evaluate.py': [Errno 2] No such file or directory\n")).toEqual(['/r/.swarm/worktrees/a1/evaluate.py']);
    expect(missingPaths("Error: ENOENT: no such file or directory, open 'dist/index.js'\n")).toEqual(['dist/index.js']);
    expect(missingPaths('/bin/sh: 1: .venv/bin/python: not found\n')).toEqual(['.venv/bin/python']);
    // A recorded evaluation runs under the exit-record wrapper, where the command goes through `eval`.
    expect(missingPaths('sh: 1: eval: .venv/bin/python: not found\n')).toEqual(['.venv/bin/python']);
    expect(missingPaths('cat: data/x.txt: No such file or directory\n')).toEqual(['data/x.txt']);
    expect(missingPaths("Error: Cannot find module './dist/lib.js'\n")).toEqual(['./dist/lib.js']);
    expect(missingPaths("Error: Cannot find module 'left-pad'\nRequire stack:\n")).toEqual(['node_modules/left-pad']);
    expect(missingPaths("Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@acme/geo' imported from /w/main.mjs\n")).toEqual(['node_modules/@acme/geo']);
  });

  it('finds nothing in an error that names no path', () => {
    expect(missingPaths('ZeroDivisionError: division by zero\nsh: 1: uvx: not found\n')).toEqual([]);
  });
});

describe('evaluatorScript', () => {
  it('names the script an evaluator command runs', () => {
    expect(evaluatorScript('python3 evaluate.py --fast')).toBe('evaluate.py');
    expect(evaluatorScript('.venv/bin/python eval/score.py')).toBe('eval/score.py');
    expect(evaluatorScript('./run.sh')).toBe('./run.sh');
    expect(evaluatorScript('make score')).toBeNull();
  });
});
