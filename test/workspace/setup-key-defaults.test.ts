import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceSchema } from '../../src/config/workspace-schema.js';
import { provisionWorktree, type ProvisionInput } from '../../src/workspace/provision/index.js';
import { addWorktree } from '../../src/workspace/worktrees.js';
import { commitFiles, makeRepo, type TempRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

// The defaults a config without workspace.setupKey gets.
const { setupKey } = workspaceSchema.parse({});

const input = (repo: TempRepo, worktree: string, setup: string[]): ProvisionInput => ({
  root: repo.dir,
  worktree,
  settings: { include: [], link: [], setup, setupTimeoutMs: 60_000, setupKey, submodules: false },
  env: { PATH: process.env.PATH ?? '' },
  logDir: join(repo.dir, '.swarm', 'logs', worktree.split('/').pop() ?? 'x'),
  cacheDir: join(repo.dir, '.swarm', 'setup-cache'),
});

let count = 0;
const worktreeOf = async (repo: TempRepo): Promise<string> => {
  count += 1;
  const dir = join(repo.dir, '.swarm', 'worktrees', `w${count}`);
  await addWorktree(repo.dir, dir, { newBranch: `b-w${count}`, commit: 'HEAD' });
  return dir;
};

describe('workspace.setupKey defaults: a changed dependency list rebuilds the environment', () => {
  const manifests: Array<[string, string, string]> = [
    ['pyproject.toml', '[project]\nname = "p"\nversion = "0.1"\ndependencies = []\n', '[project]\nname = "p"\nversion = "0.1"\ndependencies = ["attrs"]\n'],
    ['setup.py', 'from setuptools import setup\nsetup(name="p", install_requires=[])\n', 'from setuptools import setup\nsetup(name="p", install_requires=["attrs"])\n'],
    ['setup.cfg', '[options]\ninstall_requires =\n', '[options]\ninstall_requires =\n    attrs\n'],
    ['package.json', '{"name":"p","dependencies":{}}\n', '{"name":"p","dependencies":{"dequal":"2"}}\n'],
  ];
  for (const [manifest, before, after] of manifests) {
    it(`${manifest}: unchanged reuses the cached setup (a source edit too), changed runs setup again`, async () => {
      expect(setupKey).toContain(manifest);
      const repo = makeRepo({ '.gitignore': 'env/\n', [manifest]: before, 'main.py': 'print(1)\n' });
      cleanups.push(repo.cleanup);
      // The "environment": a copy of the dependency list as it was when setup ran.
      const setup = [`mkdir -p env && cp ${manifest} env/installed-from`];
      const first = await provisionWorktree(input(repo, await worktreeOf(repo), setup));
      expect(first.setup).toMatchObject({ ran: true, reused: false, failure: null });
      commitFiles(repo.dir, { 'main.py': 'print(2)\n' });
      const reused = await provisionWorktree(input(repo, await worktreeOf(repo), setup));
      expect(reused.setup).toMatchObject({ ran: false, reused: true, key: first.setup.key });
      commitFiles(repo.dir, { [manifest]: after });
      const third = await worktreeOf(repo);
      const rebuilt = await provisionWorktree(input(repo, third, setup));
      expect(rebuilt.setup.ran).toBe(true);
      expect(rebuilt.setup.key).not.toBe(first.setup.key);
      expect(readFileSync(join(third, 'env/installed-from'), 'utf8')).toBe(after);
    });
  }
});
