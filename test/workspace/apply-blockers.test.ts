import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBlockers, describeBlockers } from '../../src/workspace/apply-blockers.js';
import { commitFiles, git, makeRepo, type TempRepo } from '../support/git-repo.js';

describe('applyBlockers', () => {
  let repo: TempRepo;
  afterEach(() => repo.cleanup());

  it('names modified tracked files and untracked files only where the change writes', async () => {
    repo = makeRepo({ 'prog.js': 'a\n', 'util.js': 'u\n' });
    const from = git(repo.dir, 'rev-parse', 'HEAD');
    const to = commitFiles(repo.dir, { 'prog.js': 'b\n', 'lib/new.js': 'n\n' });
    git(repo.dir, 'reset', '-q', '--hard', from);
    writeFileSync(join(repo.dir, 'util.js'), 'changed\n');
    mkdirSync(join(repo.dir, 'lib'));
    writeFileSync(join(repo.dir, 'lib', 'new.js'), 'mine\n');
    writeFileSync(join(repo.dir, 'notes.txt'), 'mine\n');
    mkdirSync(join(repo.dir, '.claude'));
    writeFileSync(join(repo.dir, '.claude', 'settings.json'), '{}');
    const blockers = await applyBlockers(repo.dir, { from, to, excluded: ['findings.md', '.swarm'] }, ['.claude']);
    expect(blockers).toEqual({ modified: ['util.js'], untracked: ['lib/new.js'] });
    expect(describeBlockers(blockers)).toBe('modified util.js; untracked lib/new.js, which the attempt writes');
  });

  it('finds nothing in a tree with only unrelated untracked files', async () => {
    repo = makeRepo({ 'prog.js': 'a\n' });
    const from = git(repo.dir, 'rev-parse', 'HEAD');
    const to = commitFiles(repo.dir, { 'prog.js': 'b\n' });
    git(repo.dir, 'reset', '-q', '--hard', from);
    writeFileSync(join(repo.dir, 'notes.txt'), 'mine\n');
    const blockers = await applyBlockers(repo.dir, { from, to, excluded: [] }, []);
    expect(describeBlockers(blockers)).toBeNull();
  });
});
