import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';

export interface TempWorktree {
  root: string;
  worktree: string;
  logDir: string;
  write(rel: string, text: string): Promise<void>;
  task(role: AgentTask['role'], overrides?: Partial<AgentTask>): AgentTask;
  cleanup(): Promise<void>;
}

/** A scratch worktree and log directory under the OS temp dir. */
export const createTempWorktree = async (): Promise<TempWorktree> => {
  const root = await mkdtemp(join(tmpdir(), 'swarm-local-agent-'));
  const worktree = join(root, 'worktree');
  const logDir = join(root, 'logs', 'a1');
  await mkdir(worktree, { recursive: true });
  return {
    root,
    worktree,
    logDir,
    write: async (rel, text) => {
      await mkdir(dirname(join(worktree, rel)), { recursive: true });
      await writeFile(join(worktree, rel), text);
    },
    task: (role, overrides = {}) => ({
      runId: runId('r1'),
      attemptId: attemptId('a1'),
      worktree,
      role,
      prompt: 'improve the score',
      systemPrompt: '',
      timeoutMs: 30_000,
      seed: 11,
      env: {},
      logDir,
      ...overrides,
    }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
};
