import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';
import { commitFiles, gitOutput } from '../../support/git-repo.js';

/** A temp folder with a real git repository, worktrees on demand, a fresh HOME and log folders. */
export interface CliFixture {
  dir: string;
  home: string;
  repo: string;
  addWorktree: (name: string) => string;
  logDir: (name: string) => string;
  cleanup: () => void;
}

export const createCliFixture = (): CliFixture => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-cli-agent-'));
  const home = join(dir, 'home');
  const repo = join(dir, 'repo');
  mkdirSync(home);
  mkdirSync(repo);
  const git = gitOutput;
  git(repo, 'init', '-q', '-b', 'main');
  commitFiles(repo, { 'prog.js': 'console.log(1);\n' }, 'baseline');
  return {
    dir, home, repo,
    addWorktree: (name) => {
      const path = join(dir, 'worktrees', name);
      git(repo, 'worktree', 'add', '-q', '-b', `b-${name}`, path);
      return path;
    },
    logDir: (name) => join(dir, 'logs', name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
};

/** A task with defaults for contract tests. */
export const cliTask = (fields: Pick<AgentTask, 'worktree' | 'logDir' | 'prompt' | 'env'> & Partial<AgentTask>): AgentTask => ({
  runId: runId('r-test'),
  attemptId: attemptId('a-test'),
  role: 'explorer',
  systemPrompt: 'You are a test explorer.',
  timeoutMs: 60_000,
  seed: 1,
  maxTurns: 8,
  ...fields,
});

/** Processes whose working directory is inside `dir` (a leftover agent would show here). */
export const processesIn = (dir: string): number[] => {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`).startsWith(dir)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
};
