import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/** What worktree-pool-e2e.test.ts and worktree-pool-killed-driver-e2e.test.ts share. */

// Each attempt's agent notes what it finds (a scratch file an earlier attempt left, the prepared
// environment, which worktree it runs in) in a log outside the repository, then leaves an ignored
// scratch file behind; the agent of a3 (the second attempt after the baseline a1) also changes
// the prepared environment.
export const AGENT = `const fs = require('node:fs');
const id = process.env.SWARM_ATTEMPT_ID;
const site = fs.existsSync('.venv/site.txt') ? fs.readFileSync('.venv/site.txt', 'utf8') : null;
const ino = site === null ? null : fs.statSync('.venv/site.txt').ino;
const gitdir = fs.readFileSync('.git', 'utf8').trim();
fs.appendFileSync(process.env.POOL_LOG, JSON.stringify({ id, scratch: fs.existsSync('scratch.tmp'), site, ino, gitdir }) + '\\n');
fs.writeFileSync('scratch.tmp', 'written by ' + id + ', never committed\\n');
if (id === 'a3') fs.writeFileSync('.venv/site.txt', 'upgraded by the agent of a3\\n');
fs.writeFileSync('prog.js', 'module.exports = ' + id.slice(1) + ';\\n');
if (process.env.POOL_SLEEP_MS && id === process.env.POOL_SLEEP_ID) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.POOL_SLEEP_MS));
`;

export interface Note {
  id: string;
  scratch: boolean;
  site: string | null;
  ino: number | null;
  gitdir: string;
}

/** A repository whose attempts run the agent above on pooled worktrees; kept in `repos` for the caller to clean up. */
export const poolRepo = (repos: ToyRepo[], attempts: number, agents = 1): ToyRepo => {
  const repo = createToyRepo(
    {
      evaluator: { protect: ['evaluate.js', 'agent.js'] },
      agent: { backend: 'command', command: { argv: ['node', '../../../agent.js'] } },
      budget: { attempts },
      concurrency: { agents, evaluations: 1 },
      shepherd: { policy: 'random', initialExplorers: agents, waveSize: agents },
      workspace: { setup: ['mkdir -p .venv && echo installed > .venv/site.txt'], setupKey: ['prog.js.lock'] },
    },
    { 'agent.js': AGENT, 'prog.js': 'module.exports = 1;\n', 'evaluate.js': `console.log(JSON.stringify({ score: Number(require('./prog.js')) }));\n`, '.gitignore': '.venv/\n*.tmp\n.swarm/\n' },
  );
  repos.push(repo);
  return repo;
};

export const readNotes = (log: string): Note[] => readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Note);

/** The agents' log of `repo`, beside it; removed with `repos`. */
export const logFor = (repos: ToyRepo[], repo: ToyRepo): string => {
  const log = join(repo.dir, '..', `${repo.dir.split('/').pop() ?? 'x'}-pool.log`);
  repos.push({ dir: log, git: () => '', cleanup: () => rmSync(log, { force: true }) });
  return log;
};

export const assertNoWorktreeLeft = (repo: ToyRepo): void => {
  const worktrees = join(repo.dir, '.swarm', 'worktrees');
  expect(existsSync(worktrees) ? readdirSync(worktrees) : []).toEqual([]);
  expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  expect(repo.git('worktree', 'prune', '--dry-run', '--verbose').trim()).toBe('');
};
