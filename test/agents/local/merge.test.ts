import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalAgent } from '../../../src/agents/local/local-agent.js';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentTask } from '../../../src/core/ports/index.js';
import { GitWorkspace } from '../../../src/workspace/index.js';
import { commitFiles, git, makeRepo } from '../../support/git-repo.js';

const program = (values: number[]): string =>
  ['// EVOLVE-BLOCK-START', `const A = ${values[0]};`, `const B = ${values[1]};`, `const C = ${values[2]};`, `const D = ${values[3]};`, '// EVOLVE-BLOCK-END', 'console.log(A + B + C + D);', ''].join('\n');
const LEFT = [1.5, 20, 0.25, 7];
const RIGHT = [2.5, 30, 0.75, 9];

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** A real merge of two branches whose EVOLVE-BLOCK constants conflict; returns the prepared worktree. */
const mergedWorktree = async (label: string): Promise<string> => {
  const repo = makeRepo();
  cleanups.push(repo.cleanup);
  commitFiles(repo.dir, { 'src/program.js': program([1, 10, 0.5, 8]) }, 'program');
  const base = git(repo.dir, 'rev-parse', 'HEAD');
  git(repo.dir, 'checkout', '--quiet', '-b', 'left');
  const left = commitFiles(repo.dir, { 'src/program.js': program(LEFT) }, 'left');
  git(repo.dir, 'checkout', '--quiet', '-b', 'right', base);
  const right = commitFiles(repo.dir, { 'src/program.js': program(RIGHT) }, 'right');
  git(repo.dir, 'checkout', '--quiet', 'main');
  const workspace = await GitWorkspace.open(repo.dir);
  const worktree = path.join(workspace.worktreesDir, label);
  const prepared = await workspace.prepareAttempt({
    branch: `swarm/r1/${label}`,
    worktreePath: worktree,
    parents: [{ commit: left, label: 'a2' }, { commit: right, label: 'a3' }],
    message: `swarm: prepare ${label}`,
    trailers: { 'Swarm-Attempt': label },
  });
  expect(prepared.conflicts).toEqual(['src/program.js']);
  return worktree;
};

const task = async (worktree: string, role: AgentTask['role'], seed: number): Promise<AgentTask> => {
  const logDir = await mkdtemp(path.join(tmpdir(), 'swarm-merge-logs-'));
  cleanups.push(() => rmSync(logDir, { recursive: true, force: true }));
  return { runId: runId('r1'), attemptId: attemptId('a4'), worktree, role, prompt: 'merge', systemPrompt: '', timeoutMs: 30_000, seed, env: {}, logDir };
};

const valuesOf = (text: string): number[] => ['A', 'B', 'C', 'D'].map((name) => Number(new RegExp(`const ${name} = (.*);`).exec(text)?.[1]));

describe('local agent on a merge with conflicts', () => {
  it('an explorer combines the parents literal by literal and deletes the side copy', async () => {
    const fromRight = new Set<number>();
    for (const seed of [1, 2, 3, 4, 5]) {
      const worktree = await mergedWorktree(`m${seed}`);
      expect(existsSync(path.join(worktree, 'src/program.from-a3.js'))).toBe(true);
      const outcome = await createLocalAgent().run(await task(worktree, 'explorer', seed), new AbortController().signal);

      expect(outcome.status).toBe('completed');
      expect(existsSync(path.join(worktree, 'src/program.from-a3.js'))).toBe(false);
      const values = valuesOf(readFileSync(path.join(worktree, 'src/program.js'), 'utf8'));
      values.forEach((value, i) => {
        expect([LEFT[i], RIGHT[i]]).toContain(value);
        if (value === RIGHT[i]) fromRight.add(i);
      });
      expect(outcome.summary).toMatch(/^combined the merged parents' versions of src\/program\.js \(4 literals, \d taken from src\/program\.from-a3\.js\)$/);
      const findings = readFileSync(path.join(worktree, 'findings.md'), 'utf8');
      expect(findings).toContain('### a4 — local explorer');
      expect(findings).toContain('combining the');
      // The side copy's deletion is what the attempt's commit will record.
      expect(git(worktree, 'status', '--porcelain')).toMatch(/^ ?D src\/program\.from-a3\.js$/m);
    }
    // Over five seeds every literal was taken from the merged parent at least once.
    expect([...fromRight].sort()).toEqual([0, 1, 2, 3]);
  });

  it('an optimizer combines first, then takes its steps on the combined program', async () => {
    const worktree = await mergedWorktree('m9');
    const outcome = await createLocalAgent().run(await task(worktree, 'optimizer', 9), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    expect(existsSync(path.join(worktree, 'src/program.from-a3.js'))).toBe(false);
    const transcript = readFileSync(outcome.transcriptPath ?? '', 'utf8');
    expect(transcript).toContain("combined the merged parents' versions of src/program.js");
    expect(outcome.summary).toMatch(/nudged \d+ constants? in src\/program\.js/);
  });
});
