import { describe, expect, it } from 'vitest';
import { escapingSymlinkReason, forbiddenSymlinks, leavesTree } from '../../../src/core/trust/escaping-symlinks.js';

describe('leavesTree', () => {
  it('refuses absolute targets and targets climbing above the root', () => {
    expect(leavesTree('.swarm', '../../..')).toBe(true);
    expect(leavesTree('data', '/home/user/data')).toBe(true);
    expect(leavesTree('a/b/link', '../../../x')).toBe(true);
    expect(leavesTree('a/b/link', '../../x/../../y')).toBe(true);
  });

  it('accepts targets that stay inside, however they wander', () => {
    expect(leavesTree('a/b/link', '../../x')).toBe(false);
    expect(leavesTree('link', './prog.js')).toBe(false);
    expect(leavesTree('a/link', '../a/./b/../c')).toBe(false);
  });
});

describe('forbiddenSymlinks', () => {
  it('names links leaving the tree and any link at a swarm-owned path', () => {
    const links = [
      { path: '.swarm', target: '../../..' },
      { path: 'findings.md', target: 'notes.md' },
      { path: 'lib/current', target: 'v2' },
      { path: 'out', target: '/tmp' },
    ];
    expect(forbiddenSymlinks(links)).toEqual(['.swarm -> ../../..', 'findings.md -> notes.md', 'out -> /tmp']);
    expect(escapingSymlinkReason(['.swarm -> ../../..'])).toContain('.swarm -> ../../..');
  });
});
