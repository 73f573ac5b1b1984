import { describe, expect, it } from 'vitest';
import { onlyCommentsDiffer, stripComments } from '../../../src/app/attempt/audit/audit-comments.js';

describe('comments-only audit', () => {
  it('sees through comment and whitespace edits, in C-like and Python files', () => {
    expect(onlyCommentsDiffer('a.js', 'const x = 1; // old\n', '/* new */ const x  = 1; // other words\n')).toBe(true);
    expect(onlyCommentsDiffer('a.py', 'x = 1  # note\n', '"""doc"""\nx = 1\n')).toBe(true);
  });

  it('does not call a code change a comment change', () => {
    expect(onlyCommentsDiffer('a.js', 'const x = 1; // keep\n', 'const x = 2; // keep\n')).toBe(false);
    expect(onlyCommentsDiffer('a.js', 'same', 'same')).toBe(false);
    expect(stripComments('a.py', 'y = 3 # c')).toBe('y = 3');
  });
});
