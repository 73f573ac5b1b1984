import { createHash } from 'node:crypto';
import type { AttemptRecord, EvaluationRecord } from '../../../store/records.js';
import type { Workspace } from '../../../core/ports/workspace.js';
import { FINDINGS_FILE } from '../../../workspace/index.js';
import type { RunContext } from '../../context/run-context.js';

/**
 * What the code index reads: the run's attempts and evaluations, and the trees of their commits.
 * The index is kept per object: pass the run's one context, not a copy.
 */
export type CodeIndexDeps = Pick<RunContext, 'runId' | 'store' | 'workspace'>;

/**
 * A hash of the committed tree without findings.md (which every attempt appends to), from the
 * entries at the top of the tree (a subtree's id stands for its content): two attempts with the
 * same code hash alike, whatever their lineage logs say.
 */
export const codeHashOf = (topLevel: readonly string[]): string =>
  createHash('sha256')
    .update(topLevel.filter((entry) => entry.split('\t')[1] !== FINDINGS_FILE).join('\0'))
    .digest('hex');

/** The code hash of `commit` (see codeHashOf). */
export const codeHash = async (workspace: Pick<Workspace, 'readTreeAndFiles'>, commit: string): Promise<string> =>
  codeHashOf((await workspace.readTreeAndFiles(commit, [])).topLevel);

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
