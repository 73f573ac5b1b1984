import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { provisionWorktree } from '../dist/workspace/provision/index.js';
import { addWorktree, removeWorktreeAt } from '../dist/workspace/worktrees.js';
import { createRepo } from './lib/fixture-repo.mjs';
import { median } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

/** A Python-style project: a lock file, a gitignored data/ folder shared by link, a .venv made by setup. */
const SETTINGS = {
  include: [],
  link: ['data/'],
  setup: ['python3 -m venv --without-pip .venv'],
  setupTimeoutMs: 120_000,
  setupKey: ['requirements*.txt'],
  submodules: true,
};

/**
 * Attempt prepare time with provisioning, against a bare `git worktree add` of the same repository:
 * the setup key unchanged (the prepared .venv copied from the cache), and the setup run every time
 * (a fresh cache for each worktree). Medians of `samples` worktrees each.
 */
export const measureProvision = async ({ samples, log }) => {
  const dir = createRepo('swarm-bench-provision-', { evaluator: { command: '.venv/bin/python -c "print(1)"' } }, { '.gitignore': '.venv/\ndata/\n', 'requirements.txt': 'numpy==2.1.0\n' });
  mkdirSync(join(dir, 'data'));
  for (let i = 0; i < 50; i++) writeFileSync(join(dir, 'data', `part-${i}.csv`), '1,2\n'.repeat(100));
  let next = 0;
  const timeOne = async (provision) => {
    const worktree = join(dir, '.swarm', 'worktrees', `w${next++}`);
    const started = performance.now();
    await addWorktree(dir, worktree, { newBranch: `bench/${next}`, commit: 'HEAD' });
    const done = provision === null ? null : await provisionWorktree({ root: dir, worktree, settings: SETTINGS, env: { PATH: process.env.PATH ?? '' }, logDir: join(dir, '.swarm', 'logs', `w${next}`), cacheDir: provision.cacheDir });
    const ms = performance.now() - started;
    if (done !== null && done.setup.failure !== null) throw new Error(`bench setup failed: ${JSON.stringify(done.setup.failure)}`);
    await removeWorktreeAt(dir, worktree);
    return { ms, reused: done?.setup.reused ?? null };
  };
  try {
    const warmCache = join(dir, '.swarm', 'setup-cache');
    await timeOne({ cacheDir: warmCache });
    const bare = [];
    const reused = [];
    const rebuilt = [];
    for (let i = 0; i < samples; i++) {
      // Interleaved, so a machine that slows down does not favour one kind.
      bare.push((await timeOne(null)).ms);
      const reuse = await timeOne({ cacheDir: warmCache });
      if (reuse.reused !== true) throw new Error('bench: the setup was not reused with an unchanged key');
      reused.push(reuse.ms);
      rebuilt.push((await timeOne({ cacheDir: join(dir, '.swarm', `cold-cache-${i}`) })).ms);
    }
    const result = { samples, bareMedianMs: median(bare), reusedMedianMs: median(reused), rebuiltMedianMs: median(rebuilt) };
    log(`provision: bare worktree ${result.bareMedianMs.toFixed(0)} ms, provisioned with setup reused ${result.reusedMedianMs.toFixed(0)} ms, setup run ${result.rebuiltMedianMs.toFixed(0)} ms`);
    return { ...result, reusedRatio: result.reusedMedianMs / result.bareMedianMs, rebuiltRatio: result.rebuiltMedianMs / result.bareMedianMs, gitVersion: execFileSync('git', ['--version'], { encoding: 'utf8' }).trim() };
  } finally {
    removeTempDir(dir);
  }
};
