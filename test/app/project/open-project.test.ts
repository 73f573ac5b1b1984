import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProject, openRunStore } from '../../../src/app/project/open-project.js';
import { makeRepo, makeTempDir, type TempRepo } from '../../support/git-repo.js';

const repos: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const project = (): TempRepo => {
  const repo = makeRepo({
    '.swarmrc.json': JSON.stringify({ task: { prompt: 'task.md' }, evaluator: { command: 'python3 evaluate.py' }, shepherd: { seed: 7 } }),
    'task.md': 'make it faster\n',
    'evaluate.py': 'print(1)\n',
    'src/deep/solve.py': 'print(1)\n',
  });
  repos.push(repo);
  return repo;
};

describe('openProject', () => {
  it('finds the project from a subfolder, opens nothing until asked, then the config and the store once', async () => {
    const repo = project();
    const opened = await openProject(join(repo.dir, 'src', 'deep'), { store: 'create' });
    try {
      expect(opened.workspace.root).toBe(repo.dir);
      expect(opened.paths.dbFile).toBe(join(repo.dir, '.swarm', 'swarm.db'));
      // Nothing is created while only asked whether a store exists.
      expect(opened.storeIfExists()).toBeNull();
      expect(existsSync(join(repo.dir, '.swarm'))).toBe(false);
      const config = await opened.config();
      expect(config.config.shepherd.seed).toBe(7);
      expect(config.prompt).toBe('make it faster\n');
      // Loaded once: a second ask hands out the same config, overrides or not.
      expect(await opened.config({ seed: 9 })).toBe(config);
      const store = opened.store();
      expect(existsSync(opened.paths.dbFile)).toBe(true);
      expect(opened.store()).toBe(store);
      expect(opened.storeIfExists()).toBe(store);
      expect(store.listRuns()).toEqual([]);
    } finally {
      opened.close();
    }
    expect(opened.store().isOpen).toBe(false);
  });

  it('refuses a store that must exist, and a folder outside any repository', async () => {
    const repo = project();
    const opened = await openProject(repo.dir);
    expect(() => opened.store()).toThrow();
    expect(existsSync(join(repo.dir, '.swarm', 'swarm.db'))).toBe(false);
    opened.close();
    const plain = makeTempDir();
    repos.push(plain);
    await expect(openProject(plain.dir)).rejects.toMatchObject({ code: expect.any(String) });
  });

  it('places a driver\'s worktrees under workspace.dir', async () => {
    const repo = project();
    const opened = await openProject(repo.dir, { store: 'driver' });
    const placed = opened.placeWorktrees('shared');
    expect(placed.dbFile).toBe(opened.paths.dbFile);
    expect(placed.worktreesDir.startsWith(join(repo.dir, 'shared'))).toBe(true);
    opened.close();
  });
});

describe('openRunStore', () => {
  it('finds the nearest store above a folder, and outside any run says there is none', async () => {
    const repo = project();
    const created = await openProject(repo.dir, { store: 'create' });
    created.store().close();
    const nested = join(repo.dir, 'src', 'deep', 'more');
    mkdirSync(nested, { recursive: true });
    const store = await openRunStore(nested);
    expect(store.listRuns()).toEqual([]);
    store.close();
    const other = project();
    await expect(openRunStore(other.dir)).rejects.toThrow();
  });
});
