import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyProgram } from '../../src/workspace/apply-program.js';
import { sideFileName } from '../../src/workspace/resolve-conflicts.js';
import { commitFiles, git, makeRepo, type TempRepo } from '../support/git-repo.js';

describe('applyProgram', () => {
  let repo: TempRepo;
  afterEach(() => repo.cleanup());

  const scratch = (dir: string): string => {
    const folder = join(dir, '.swarm', 'tmp');
    mkdirSync(folder, { recursive: true });
    return folder;
  };

  it("leaves out findings.md and the merged parents' findings kept beside it after a conflict, and keeps the program's files", async () => {
    repo = makeRepo({ 'prog.js': 'a\n', 'notes.from-a1.md': 'a user file\n', '.gitignore': '.swarm\n' });
    const from = git(repo.dir, 'rev-parse', 'HEAD');
    const side = sideFileName('findings.md', 'a7');
    expect(side).toBe('findings.from-a7.md');
    const to = commitFiles(repo.dir, { 'prog.js': 'b\n', 'findings.md': '# Findings\n', [side]: '# Findings of a7\n', 'prog.from-a7.js': 'their prog\n', 'notes.from-a1.md': 'edited\n' });
    git(repo.dir, 'reset', '-q', '--hard', from);
    const applied = await applyProgram({ root: repo.dir, from, to, scratchDir: scratch(repo.dir), branch: null, message: 'apply' });
    expect(applied.files.sort()).toEqual(['notes.from-a1.md', 'prog.from-a7.js', 'prog.js']);
    expect(git(repo.dir, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(['notes.from-a1.md', 'prog.from-a7.js', 'prog.js']);
  });

  it('in a project folder, leaves out that folder\'s findings and their side files only', async () => {
    repo = makeRepo({ 'packages/a/prog.js': 'a\n', '.gitignore': '.swarm\n' });
    const from = git(repo.dir, 'rev-parse', 'HEAD');
    const to = commitFiles(repo.dir, { 'packages/a/prog.js': 'b\n', 'packages/a/findings.md': 'f\n', 'packages/a/findings.from-a3.md': 'g\n', 'findings.from-a3.md': 'outside the project\n' });
    git(repo.dir, 'reset', '-q', '--hard', from);
    const applied = await applyProgram({ root: repo.dir, from, to, scratchDir: scratch(repo.dir), branch: null, message: 'apply', subdir: 'packages/a' });
    expect(applied.files.sort()).toEqual(['findings.from-a3.md', 'packages/a/prog.js']);
  });
});
