import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { provisionWorktree } from '../dist/workspace/provision/index.js';
import { addWorktree, removeWorktreeAt } from '../dist/workspace/worktrees.js';
import { WorktreePool } from '../dist/workspace/worktree-pool.js';
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
  // The default path (workspace.pool): a released worktree taken again, its prepared environment kept.
  const pool = new WorktreePool({ root: dir, commonDir: join(dir, '.git'), worktreesDir: join(dir, '.swarm', 'worktrees'), locked: (task) => task() });
  pool.configure({ pool: true, sparse: [] });
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  const timePooled = async (cacheDir) => {
    const worktree = join(dir, '.swarm', 'worktrees', `p${next++}`);
    const started = performance.now();
    await pool.acquire(worktree, `bench/p${next}`, head);
    const done = await provisionWorktree({ root: dir, worktree, settings: SETTINGS, env: { PATH: process.env.PATH ?? '' }, logDir: join(dir, '.swarm', 'logs', `p${next}`), cacheDir });
    const ms = performance.now() - started;
    if (done.setup.failure !== null || !done.setup.reused) throw new Error(`bench: pooled setup not reused: ${JSON.stringify(done.setup)}`);
    await pool.release(worktree);
    return ms;
  };
  try {
    const warmCache = join(dir, '.swarm', 'setup-cache');
    await timeOne({ cacheDir: warmCache });
    await timePooled(warmCache);
    const bare = [];
    const reused = [];
    const rebuilt = [];
    const pooled = [];
    for (let i = 0; i < samples; i++) {
      // Interleaved, so a machine that slows down does not favour one kind.
      bare.push((await timeOne(null)).ms);
      const reuse = await timeOne({ cacheDir: warmCache });
      if (reuse.reused !== true) throw new Error('bench: the setup was not reused with an unchanged key');
      reused.push(reuse.ms);
      rebuilt.push((await timeOne({ cacheDir: join(dir, '.swarm', `cold-cache-${i}`) })).ms);
      pooled.push(await timePooled(warmCache));
    }
    await pool.drain();
    const result = { samples, bareMedianMs: median(bare), reusedMedianMs: median(reused), rebuiltMedianMs: median(rebuilt), pooledMedianMs: median(pooled) };
    log(`provision: bare worktree ${result.bareMedianMs.toFixed(0)} ms, provisioned with setup reused ${result.reusedMedianMs.toFixed(0)} ms, setup run ${result.rebuiltMedianMs.toFixed(0)} ms, pooled worktree with setup reused ${result.pooledMedianMs.toFixed(0)} ms`);
    return {
      ...result,
      reusedRatio: result.reusedMedianMs / result.bareMedianMs,
      rebuiltRatio: result.rebuiltMedianMs / result.bareMedianMs,
      pooledRatio: result.pooledMedianMs / result.bareMedianMs,
      gitVersion: execFileSync('git', ['--version'], { encoding: 'utf8' }).trim(),
    };
  } finally {
    removeTempDir(dir);
  }
};
