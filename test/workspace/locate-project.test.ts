import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { checkoutRootOf, repoGlobs } from '../../src/workspace/locate-project.js';
import { commitFiles, git, makeRepo, makeTempDir } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** A repository with a project in packages/opt (its config committed) and none at the root. */
const monorepo = () => {
  const created = makeRepo();
  cleanups.push(created.cleanup);
  commitFiles(created.dir, { 'packages/opt/.swarmrc.json': '{}\n', 'packages/opt/src/solve.py': 'x = 1\n' }, 'opt project');
  return created.dir;
};

describe('the project of a working directory (issue 27, item 5)', () => {
  it('is the nearest .swarmrc.json above the working directory, with .swarm/ beside it', async () => {
    const dir = monorepo();
    const workspace = await GitWorkspace.open(path.join(dir, 'packages', 'opt', 'src'));
    expect(workspace.root).toBe(dir);
    expect(workspace.subdir).toBe('packages/opt');
    expect(workspace.projectDir).toBe(path.join(dir, 'packages', 'opt'));
    expect(workspace.swarmDir).toBe(path.join(dir, 'packages', 'opt', '.swarm'));
    expect(workspace.projectFolder('/w/a3')).toBe(path.join('/w/a3', 'packages', 'opt'));
    expect(workspace.repoPath('findings.md')).toBe('packages/opt/findings.md');
    expect(workspace.configOption()).toEqual({});
  });

  it('is the repository root where no config is above the working directory', async () => {
    const dir = monorepo();
    mkdirSync(path.join(dir, 'docs'), { recursive: true });
    const workspace = await GitWorkspace.open(path.join(dir, 'docs'));
    expect(workspace.subdir).toBe('');
    expect(workspace.projectDir).toBe(dir);
  });

  it('takes --config relative to the working directory, not to the root', async () => {
    const dir = monorepo();
    const workspace = await GitWorkspace.open(path.join(dir, 'packages'), { config: 'opt/.swarmrc.json' });
    expect(workspace.subdir).toBe('packages/opt');
    expect(workspace.configOption()).toEqual({ file: path.join(dir, 'packages', 'opt', '.swarmrc.json') });
    const outside = makeTempDir();
    cleanups.push(outside.cleanup);
    writeFileSync(path.join(outside.dir, 'shared.json'), '{}\n');
    const elsewhere = await GitWorkspace.open(dir, { config: path.join(outside.dir, 'shared.json') });
    expect(elsewhere.subdir).toBe('');
  });

  it('inside an attempt\'s worktree, is the same folder of the main checkout, also given the run\'s config file', async () => {
    const dir = monorepo();
    const linked = path.join(dir, 'packages', 'opt', '.swarm', 'worktrees', 'a7');
    git(dir, 'worktree', 'add', '--quiet', '-b', 'swarm/r1/a7', linked);
    const folder = path.join(linked, 'packages', 'opt');
    const found = await GitWorkspace.open(path.join(folder, 'src'));
    expect(found.projectDir).toBe(path.join(dir, 'packages', 'opt'));
    const byRunConfig = await GitWorkspace.open(folder, { config: path.join(dir, 'packages', 'opt', '.swarmrc.json') });
    expect(byRunConfig.subdir).toBe('packages/opt');
    expect(checkoutRootOf(folder, 'packages/opt')).toBe(linked);
  });

  it('turns project globs into repository globs', () => {
    expect(repoGlobs('packages/opt', ['evaluate.py', './data/**', 'prog.js'])).toEqual(['packages/opt/evaluate.py', 'packages/opt/data/**', 'packages/opt/prog.js']);
    expect(repoGlobs('', ['evaluate.py'])).toEqual(['evaluate.py']);
  });
});
