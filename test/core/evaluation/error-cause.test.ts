import { describe, expect, it } from 'vitest';
import { errorCause, withCause } from '../../../src/core/evaluation/error-cause.js';

describe('errorCause', () => {
  it('names the last line of a Python traceback', () => {
    const tail = [
      'Traceback (most recent call last):',
      '  File "/w/evaluate.py", line 3, in <module>',
      '    open("data/points.csv")',
      "FileNotFoundError: [Errno 2] No such file or directory: 'data/points.csv'",
    ].join('\n');
    expect(errorCause(tail)).toBe("FileNotFoundError: [Errno 2] No such file or directory: 'data/points.csv'");
  });

  it('names a shell\'s "not found" line and a Node module error over later noise', () => {
    expect(errorCause('sh: 1: uvx: not found\n')).toBe('sh: 1: uvx: not found');
    expect(errorCause("node:internal/x\nError: Cannot find module 'left-pad'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1:2)\n")).toBe("Error: Cannot find module 'left-pad'");
  });

  it('falls back to the last line that is not a stack frame; null without output', () => {
    expect(errorCause('starting\nsomething odd happened\n')).toBe('something odd happened');
    expect(errorCause('\n  \n')).toBeNull();
  });

  it('appends the cause to a reason once', () => {
    expect(withCause('evaluator exited with code 2', 'ModuleNotFoundError: No module named numpy')).toBe('evaluator exited with code 2: ModuleNotFoundError: No module named numpy');
    expect(withCause('evaluator exited with code 2', '')).toBe('evaluator exited with code 2');
    expect(withCause('x: boom', 'boom')).toBe('x: boom');
  });
});
