import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeHash } from '../../../src/app/attempt/audit/audit-tree.js';
import { applyProgram } from '../../../src/workspace/apply-program.js';
import { GitWorkspace } from '../../../src/workspace/index.js';
import { commitFiles, git, makeRepo, type TempRepo } from '../../support/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const monorepo = (): TempRepo => {
  const repo = makeRepo({
    'packages/a/.swarmrc.json': '{}\n',
    'packages/a/prog.js': 'const k = 1;\n',
    'packages/a/findings.md': '# Findings\n',
    'packages/b/lib.js': 'module.exports = 1;\n',
    'README.md': 'repo\n',
  });
  repos.push(repo);
  return repo;
};

describe('a project in a folder of the repository leaves its findings.md out, as a root project does', () => {
  it('the code hash (no-change reuse) ignores packages/a/findings.md, not a change of code anywhere', async () => {
    const repo = monorepo();
    const workspace = await GitWorkspace.open(join(repo.dir, 'packages/a'));
    expect(workspace.subdir).toBe('packages/a');
    const base = await codeHash(workspace, repo.baseline);
    const logged = commitFiles(repo.dir, { 'packages/a/findings.md': '# Findings\n\n- a1 | score = 1\n' });
    expect(await codeHash(workspace, logged)).toBe(base);
    const sibling = commitFiles(repo.dir, { 'packages/b/lib.js': 'module.exports = 2;\n' });
    expect(await codeHash(workspace, sibling)).not.toBe(base);
    git(repo.dir, 'reset', '-q', '--hard', logged);
    const own = commitFiles(repo.dir, { 'packages/a/prog.js': 'const k = 2;\n' });
    expect(await codeHash(workspace, own)).not.toBe(base);
    // A root project: only the root's findings.md is left out.
    const rooted = await GitWorkspace.open(repo.dir);
    expect(await codeHash(rooted, logged)).not.toBe(await codeHash(rooted, repo.baseline));
  });

  it('apply brings the program change and never packages/a/findings.md', async () => {
    const repo = monorepo();
    const attempt = commitFiles(repo.dir, { 'packages/a/prog.js': 'const k = 3;\n', 'packages/a/findings.md': '# Findings\n\n- a2 | score = 3\n' });
    git(repo.dir, 'reset', '-q', '--hard', repo.baseline);
    const applied = await applyProgram({ root: repo.dir, from: repo.baseline, to: attempt, scratchDir: join(repo.dir, '.git'), branch: null, message: 'adopt a2\n', subdir: 'packages/a' });
    expect(applied.files).toEqual(['packages/a/prog.js']);
    expect(readFileSync(join(repo.dir, 'packages/a/findings.md'), 'utf8')).toBe('# Findings\n');
    expect(git(repo.dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('packages/a/prog.js');
  });
});
