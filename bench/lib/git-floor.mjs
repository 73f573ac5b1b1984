// The git floor: a bare loop doing an attempt's git work, against which swarm's figures are ratios.
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A promise-chain mutex: swarm serializes worktree add and remove under one repository lock. */
const mutex = () => {
  let tail = Promise.resolve();
  return (work) => {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  };
};

/**
 * `attempts` iterations of an attempt's git work on `parallel` workers in the repository `repo`:
 * `git worktree add -b` (under the lock), the agent (`sh -c "sleep S; edit one constant"` when
 * `sleepS` > 0, else the edit in-process), `git commit -am`, `git worktree remove --force` +
 * `git branch -D` (under the lock). Returns the wall time in ms and the git processes per attempt.
 */
export const gitFloor = async ({ repo, attempts, parallel, sleepS, file = 'prog.js' }) => {
  const locked = mutex();
  const base = (await run('git', ['rev-parse', 'HEAD'], { cwd: repo })).stdout.trim();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < attempts; i = next++) {
      const branch = `floor/${process.pid}-${i}`;
      const dir = join(repo, '.floor', String(i));
      await locked(() => run('git', ['worktree', 'add', '-q', '-b', branch, dir, base], { cwd: repo }));
      const edit = `n=$(date +%N); sed -i "s/^const a = .*;/const a = $n;/" ${file}`;
      await run('sh', ['-c', sleepS > 0 ? `sleep ${sleepS}; ${edit}` : edit], { cwd: dir });
      await run('git', ['-c', 'user.name=floor', '-c', 'user.email=floor@bench.local', 'commit', '-q', '--no-verify', '-am', `attempt ${i}`], { cwd: dir });
      await locked(async () => {
        await run('git', ['worktree', 'remove', '--force', dir], { cwd: repo });
        await run('git', ['branch', '-q', '-D', branch], { cwd: repo });
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { wallMs: performance.now() - started, gitPerAttempt: 4 };
};
