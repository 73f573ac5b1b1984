import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gitResult, runGit } from './git-command.js';

import type { RevertOutcome } from '../core/ports/workspace.js';

export type { RevertOutcome };

/**
 * Takes back, in the checkout at `worktree`, what one step changed (`from` → `to`), leaving the
 * paths in `keep` alone: `git diff to from | git apply --3way`. A revert git cannot apply cleanly
 * is reported as a conflict with the files involved, and the checkout is put back; nothing is guessed.
 */
export const revertStep = async (worktree: string, step: { from: string; to: string }, keep: string[]): Promise<RevertOutcome> => {
  const ceiling = { ceiling: dirname(worktree) };
  const pathspec = ['--', '.', ...keep.map((path) => `:(exclude)${path}`)];
  const files = (await runGit(worktree, ['diff', '--name-only', step.to, step.from, ...pathspec], ceiling)).split('\n').filter((line) => line !== '');
  if (files.length === 0) return { kind: 'empty' };
  const patch = await runGit(worktree, ['diff', '--binary', '--full-index', step.to, step.from, ...pathspec], ceiling);
  const dir = await mkdtemp(join(tmpdir(), 'swarm-revert-'));
  const patchFile = join(dir, 'step.patch');
  await writeFile(patchFile, patch);
  const applied = await gitResult(worktree, ['apply', '--3way', '--whitespace=nowarn', patchFile], ceiling).finally(() => rm(dir, { recursive: true, force: true }));
  if (applied.exitCode === 0) return { kind: 'reverted', files };
  const head = (await runGit(worktree, ['rev-parse', 'HEAD'], ceiling)).trim();
  await runGit(worktree, ['reset', '--quiet', '--hard', head], ceiling);
  await runGit(worktree, ['clean', '--quiet', '-ffdx'], ceiling);
  return { kind: 'conflict', files, detail: applied.output.trim().split('\n').slice(0, 6).join('\n') };
};
