import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { explainEvaluationFailure } from '../../../src/app/diagnose/explain-failure.js';
import { makeRepo, writeFiles, type TempRepo } from '../../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const repoWith = (files: Record<string, string>, untracked: Record<string, string> = {}): TempRepo => {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  writeFiles(repo.dir, untracked);
  return repo;
};

describe('advice for what a worktree lacks names the project\'s own ecosystem', () => {
  it('a Python project missing .venv/bin/pytest is told to build the venv with pip and its tests, not npm or uv', async () => {
    const repo = repoWith({ '.gitignore': '.venv/\n', 'pyproject.toml': '[project]\nname = "p"\nversion = "0.1"\n', 'tests/test_p.py': '' }, { '.venv/bin/pytest': '' });
    const worktree = join(repo.dir, '.swarm', 'worktrees', 'w1');
    const problem = await explainEvaluationFailure({ root: repo.dir, worktree, command: '.venv/bin/pytest -q tests', stderr: 'sh: 1: .venv/bin/pytest: not found\n' });
    expect(problem?.fix).toContain('python3 -m venv .venv && .venv/bin/python -m pip install --quiet -e . pytest');
    expect(problem?.fix).not.toMatch(/npm|uv sync/);
  });

  it('a Node project missing node_modules is told npm, not pip', async () => {
    const repo = repoWith({ '.gitignore': 'node_modules/\n', 'package.json': '{"name":"x"}', 'main.js': "require('left-pad')\n" });
    const worktree = join(repo.dir, '.swarm', 'worktrees', 'w1');
    const problem = await explainEvaluationFailure({ root: repo.dir, worktree, command: 'node main.js', stderr: `Error: Cannot find module '${worktree}/node_modules/left-pad/index.js'\n` });
    expect(problem?.fix).toContain('npm install');
    expect(problem?.fix).not.toMatch(/pip|uv sync/);
  });
});
