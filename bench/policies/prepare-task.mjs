// Where a benchmark task lives and how it becomes a fresh repository for one run.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** bench/policies/tasks/<task> when the benchmark has its own task of that name, else examples/<task>. */
export const taskDir = (root, task) => {
  const own = join(root, 'bench', 'policies', 'tasks', task);
  return existsSync(own) ? own : join(root, 'examples', task);
};

/**
 * Fills the empty directory `dir` with the task and commits its baseline. An OpenEvolve-style task
 * (evaluator.py with evaluate(program_path), initial_program.*, config.yaml) goes through
 * `swarm init --from-openevolve`, as a user's would: the adapter is copied in and the config
 * written by init. Any other task carries its own .swarmrc.json and is copied as it is.
 * Returns null, or why the task could not be set up.
 */
export const prepareTask = (root, cli, task, dir) => {
  const source = taskDir(root, task);
  if (existsSync(join(source, 'evaluator.py')) && existsSync(join(source, 'config.yaml'))) {
    const init = spawnSync(process.execPath, [cli, 'init', '--from-openevolve', source, dir], { encoding: 'utf8' });
    return init.status === 0 ? null : `swarm init --from-openevolve ${source} failed (exit ${init.status}): ${init.stderr.trim().slice(-400)}`;
  }
  cpSync(source, dir, { recursive: true });
  const git = (...args) => spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@swarm.local', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'baseline');
  return null;
};
