import { describe, expect, it } from 'vitest';
import { renderCommitMessage, sideFileName } from '../../src/workspace/index.js';
import { parseNumstat } from '../../src/workspace/diff-stat.js';
import { parseUnmerged } from '../../src/workspace/resolve-conflicts.js';
import { parseWorktreeList } from '../../src/workspace/worktrees.js';

describe('sideFileName', () => {
  it('puts the label before the extension, keeping the directory', () => {
    expect(sideFileName('solve.py', 'a12')).toBe('solve.from-a12.py');
    expect(sideFileName('src/lib/ring.test.ts', 'a3')).toBe('src/lib/ring.test.from-a3.ts');
    expect(sideFileName('Makefile', 'a3')).toBe('Makefile.from-a3');
    expect(sideFileName('.gitignore', 'a3')).toBe('.gitignore.from-a3');
    expect(sideFileName('x.py', 'run 1/a3')).toBe('x.from-run-1-a3.py');
  });
});

describe('renderCommitMessage', () => {
  it('puts trailers in the last paragraph and drops empty ones', () => {
    expect(
      renderCommitMessage({
        subject: 'a7: try\nmore',
        body: '\nbody text\n',
        trailers: { 'Swarm-Attempt': 'a7', 'Informed-By': '', 'Swarm-Parent': 'a3\na4' },
      }),
    ).toBe('a7: try more\n\nbody text\n\nSwarm-Attempt: a7\nSwarm-Parent: a3 a4\n');
    expect(renderCommitMessage({ subject: 's', trailers: {} })).toBe('s\n');
  });

  it('rejects a trailer key git would not parse', () => {
    expect(() => renderCommitMessage({ subject: 's', trailers: { 'Bad Key': 'x' } })).toThrow(/trailer key/);
  });
});

describe('git output parsers', () => {
  it('parses numstat records including binary files', () => {
    expect(parseNumstat('3\t1\tsolve.py\0-\t-\timage.png\0')).toEqual({
      files: 2,
      insertions: 3,
      deletions: 1,
      paths: ['solve.py', 'image.png'],
    });
  });

  it('reads the symlinks a change adds from raw records before the numstat ones', () => {
    const link = '83a3157d14d9081ed01cd799287899822e19523a';
    const raw = [`:000000 120000 ${'0'.repeat(40)} ${link} A`, 'lnk', `:100644 100644 ${'e'.repeat(40)} ${'b'.repeat(40)} M`, 'top', `:120000 000000 ${link} ${'0'.repeat(40)} D`, 'gone'];
    expect(parseNumstat([...raw, '1\t0\tlnk', '1\t0\ttop', '0\t1\tgone', ''].join('\0'))).toEqual({
      files: 3,
      insertions: 2,
      deletions: 1,
      paths: ['lnk', 'top', 'gone'],
      links: [{ path: 'lnk', blob: link }],
    });
  });

  it('groups unmerged index stages by path', () => {
    const entries = parseUnmerged(
      ['100644 aaa 1\tsolve.py', '100644 bbb 2\tsolve.py', '100755 ccc 3\tsolve.py', '100644 ddd 3\tgone.txt', ''].join('\0'),
    );
    expect(entries.map((entry) => [entry.path, [...entry.stages.keys()]])).toEqual([
      ['solve.py', [1, 2, 3]],
      ['gone.txt', [3]],
    ]);
    expect(entries[0]?.stages.get(3)).toEqual({ mode: '100755', blob: 'ccc' });
  });

  it('parses porcelain worktree lists with detached heads', () => {
    const listing = 'worktree /r\0HEAD abc\0branch refs/heads/main\0\0worktree /r/.swarm/worktrees/a1\0HEAD def\0detached\0\0';
    expect(parseWorktreeList(listing)).toEqual([
      { path: '/r', head: 'abc', branch: 'main' },
      { path: '/r/.swarm/worktrees/a1', head: 'def', branch: null },
    ]);
  });
});
