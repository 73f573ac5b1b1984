import { createHash } from 'node:crypto';
import type { AttemptRecord, EvaluationRecord } from '../../../store/records.js';
import type { Workspace } from '../../../core/ports/workspace.js';
import { FINDINGS_FILE } from '../../../workspace/index.js';
import type { RunDeps } from '../../context/run-context.js';

/**
 * What the code index reads: the run's attempts and evaluations, and the trees of their commits.
 * The index is kept per object: pass the run's one context, not a copy.
 */
export type CodeIndexDeps = Pick<RunDeps, 'runId' | 'store' | 'workspace'>;

/** The folders from the top of the tree down to the project's (`packages/a` → `packages`, `packages/a`): their entries make the code hash. */
export const projectTreePaths = (subdir: string): string[] =>
  subdir === '' ? [] : subdir.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));

/**
 * A hash of the committed tree without the project's findings.md (which every attempt appends
 * to), from the entries at the top of the tree (a subtree's id stands for its content): two
 * attempts with the same code hash alike, whatever their lineage logs say. In a project folder
 * (`subdir`), the entries of each folder down to it (`subtrees`, see projectTreePaths) stand in
 * for the one on the way, so that `packages/a/findings.md` is left out as the root's is.
 */
export const codeHashOf = (topLevel: readonly string[], subdir = '', subtrees: ReadonlyArray<readonly string[] | null> = []): string => {
  const parts = subdir === '' ? [] : subdir.split('/');
  const hash = createHash('sha256');
  const levels = [topLevel, ...subtrees];
  for (const [depth, entries] of levels.entries()) {
    if (entries === null || depth > parts.length) break;
    // Above the project folder the entry on the way down is left out (the next level stands for it); in it, findings.md.
    const skip = depth < parts.length && levels[depth + 1] !== null && levels[depth + 1] !== undefined ? parts[depth] : depth === parts.length ? FINDINGS_FILE : null;
    hash.update(`${depth}\0`).update(entries.filter((entry) => entry.split('\t')[1] !== skip).join('\0'));
  }
  return hash.digest('hex');
};

/** The code hash of `commit` (see codeHashOf). */
export const codeHash = async (workspace: Pick<Workspace, 'readTreeAndFiles' | 'subdir'>, commit: string): Promise<string> => {
  const read = await workspace.readTreeAndFiles(commit, [], projectTreePaths(workspace.subdir));
  return codeHashOf(read.topLevel, workspace.subdir, read.subtrees);
};

/** The evaluation that decided an attempt's score (its last official or baseline evaluation). */
export const decidingEvaluation = (evaluations: readonly EvaluationRecord[]): EvaluationRecord | null =>
  evaluations.filter((e) => e.kind === 'official' || e.kind === 'baseline').at(-1) ?? null;

const indexes = new WeakMap<CodeIndexDeps, Promise<Map<string, string>>>();

const evaluated = (ctx: CodeIndexDeps, a: AttemptRecord): boolean =>
  (a.status === 'scored' || a.status === 'invalid') && a.headCommit !== null && decidingEvaluation(ctx.store.listEvaluations(a.id)) !== null;

/** Code hash -> first evaluated attempt of the run with that code; built once per process, then kept up to date. */
const codeIndex = (ctx: CodeIndexDeps): Promise<Map<string, string>> => {
  let index = indexes.get(ctx);
  if (index === undefined) {
    index = (async () => {
      const map = new Map<string, string>();
      for (const attempt of ctx.store.listAttempts(ctx.runId)) {
        if (!evaluated(ctx, attempt) || attempt.headCommit === null) continue;
        const hash = await codeHash(ctx.workspace, attempt.headCommit);
        if (!map.has(hash)) map.set(hash, attempt.id);
      }
      return map;
    })();
    indexes.set(ctx, index);
  }
  return index;
};

/** An evaluated attempt of this run with byte-identical code, or null. */
export const findIdenticalCode = async (ctx: CodeIndexDeps, hash: string): Promise<string | null> => (await codeIndex(ctx)).get(hash) ?? null;

/** Remembers an attempt whose code was just evaluated. */
export const rememberCode = async (ctx: CodeIndexDeps, hash: string, id: string): Promise<void> => {
  const index = await codeIndex(ctx);
  if (!index.has(hash)) index.set(hash, id);
};
