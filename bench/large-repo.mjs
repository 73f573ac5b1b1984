// Large repository: an attempt's prepare on a fresh `git worktree add` against the warm worktree pool.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WorktreePool } from '../dist/workspace/worktree-pool.js';
import { withRepoLock } from '../dist/workspace/repo-mutex.js';
import { addWorktree, removeWorktreeAt } from '../dist/workspace/worktrees.js';
import { git } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { makeTempDir, removeTempDir } from './lib/temp-dirs.mjs';

/** `files` tracked files of ~`bytes` each in folders of 100, committed; then a second commit changing one. */
const generate = (files, bytes) => {
  const dir = makeTempDir('swarm-bench-large-');
  const line = 'const value = 0; // padding for a file of modest size\n';
  const body = line.repeat(Math.max(1, Math.round(bytes / line.length)));
  for (let i = 0; i < files; i++) {
    const folder = join(dir, 'src', `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `f${i}.js`), `// file ${i}\n${body}`);
  }
  writeFileSync(join(dir, '.gitignore'), '.swarm/\n');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'swarm bench');
  git(dir, 'config', 'user.email', 'bench@swarm.local');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'large fixture');
  const first = git(dir, 'rev-parse', 'HEAD').trim();
  writeFileSync(join(dir, 'src', 'd0', 'f0.js'), '// changed by an attempt\n');
  git(dir, 'commit', '-q', '-am', 'one file changed');
  return { dir, commits: [first, git(dir, 'rev-parse', 'HEAD').trim()] };
};

const diskKiB = (path) => Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split('\t')[0]);

const spread = (values) => ({ min: Math.min(...values), median: median(values), max: Math.max(...values) });

/**
 * Prepare time per attempt on a repository of `files` files: one bare `git worktree add -b` (what
 * every attempt paid before the pool) against the pool's reuse of a warm member (moved to the
 * attempt's path, cleaned, switched to a commit that differs in one file), in `repeats`
 * interleaved pairs; disk of one live attempt, full and with a sparse checkout of one folder.
 */
export const measureLargeRepo = async ({ files, bytes = 1_000, repeats, log }) => {
  log(`large repository: generating ${files} files of ~${bytes} bytes`);
  const { dir, commits } = generate(files, bytes);
  const worktreesDir = join(dir, '.swarm', 'worktrees');
  const pool = new WorktreePool({ root: dir, commonDir: join(dir, '.git'), worktreesDir, locked: (task) => withRepoLock(dir, task) });
  pool.configure({ pool: true, sparse: [] });
  let next = 0;
  try {
    // Warm-up: the pool's first member is a full checkout, like a fresh worktree.
    const warm = join(worktreesDir, `a${next++}`);
    const created = performance.now();
    await pool.acquire(warm, `bench/a${next}`, commits[0]);
    const firstMemberMs = performance.now() - created;
    const fullKiB = diskKiB(warm);
    await pool.release(warm);
    const fresh = [];
    const reused = [];
    const ratios = [];
    for (let i = 0; i < repeats; i++) {
      const target = join(worktreesDir, `a${next++}`);
      let t = performance.now();
      await addWorktree(dir, target, { newBranch: `bench/fresh-${i}`, commit: commits[i % 2] });
      const freshMs = performance.now() - t;
      await removeWorktreeAt(dir, target);
      const pooled = join(worktreesDir, `a${next++}`);
      t = performance.now();
      const how = await pool.acquire(pooled, `bench/pool-${i}`, commits[(i + 1) % 2]);
      const pooledMs = performance.now() - t;
      if (how !== 'reused') throw new Error('bench: the warm pool member was not reused');
      await pool.release(pooled);
      fresh.push(freshMs);
      reused.push(pooledMs);
      ratios.push(pooledMs / freshMs);
    }
    await pool.drain();
    const sparsePool = new WorktreePool({ root: dir, commonDir: join(dir, '.git'), worktreesDir, locked: (task) => withRepoLock(dir, task) });
    sparsePool.configure({ pool: true, sparse: ['/src/d0/', '/.gitignore'] });
    const sparse = join(worktreesDir, 'sparse');
    await sparsePool.acquire(sparse, 'bench/sparse', commits[1]);
    const sparseKiB = diskKiB(sparse);
    await sparsePool.release(sparse);
    await sparsePool.drain();
    const result = {
      files,
      repeats,
      firstMemberMs,
      freshMs: spread(fresh),
      pooledMs: spread(reused),
      pooledOfFresh: spread(ratios),
      diskPerLiveAttemptMiB: fullKiB / 1024,
      sparseDiskPerLiveAttemptMiB: sparseKiB / 1024,
      repoMiB: diskKiB(join(dir, '.git')) / 1024,
    };
    log(`large repository: fresh worktree ${result.freshMs.median.toFixed(0)} ms, warm pool ${result.pooledMs.median.toFixed(0)} ms (ratio ${result.pooledOfFresh.median.toFixed(3)}), ${result.diskPerLiveAttemptMiB.toFixed(0)} MiB per live attempt (sparse ${result.sparseDiskPerLiveAttemptMiB.toFixed(1)})`);
    return result;
  } finally {
    removeTempDir(dir);
  }
};

/** Lines for the closing notes. */
export const explainLargeRepo = (r) => [
  `${r.files} tracked files (.git ${r.repoMiB.toFixed(0)} MiB); ${r.repeats} interleaved pairs; the pool's first member (a full checkout) ${r.firstMemberMs.toFixed(0)} ms`,
  `prepare, bare \`git worktree add -b\`: min ${r.freshMs.min.toFixed(0)} / median ${r.freshMs.median.toFixed(0)} / max ${r.freshMs.max.toFixed(0)} ms`,
  `prepare, warm pool (clean + switch to a commit one file away): min ${r.pooledMs.min.toFixed(0)} / median ${r.pooledMs.median.toFixed(0)} / max ${r.pooledMs.max.toFixed(0)} ms`,
  `pool / fresh per pair: min ${r.pooledOfFresh.min.toFixed(3)} / median ${r.pooledOfFresh.median.toFixed(3)} / max ${r.pooledOfFresh.max.toFixed(3)} (goal <= 0.1)`,
  `disk per live attempt: ${r.diskPerLiveAttemptMiB.toFixed(0)} MiB full checkout, ${r.sparseDiskPerLiveAttemptMiB.toFixed(1)} MiB with workspace.sparse of one folder; a pool holds at most as many members as attempts ran at once`,
];
