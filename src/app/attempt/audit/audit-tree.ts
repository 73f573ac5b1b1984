import { createHash } from 'node:crypto';
import type { AttemptRecord, EvaluationRecord } from '../../../store/records.js';
import { runGit } from '../../../workspace/git-command.js';
import { FINDINGS_FILE } from '../../../workspace/index.js';
import type { RunContext } from '../../run/run-context.js';

/**
 * A hash of the committed tree without findings.md (which every attempt appends to): two attempts
 * with the same code hash alike, whatever their lineage logs say.
 */
export const codeHash = async (root: string, commit: string): Promise<string> => {
  const listing = await runGit(root, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const entries = listing.split('\0').filter((entry) => entry !== '' && entry.split('\t')[1] !== FINDINGS_FILE);
  return createHash('sha256').update(entries.join('\0')).digest('hex');
};

/** The evaluation that decided an attempt's score (its last official or baseline evaluation). */
export const decidingEvaluation = (evaluations: readonly EvaluationRecord[]): EvaluationRecord | null =>
  evaluations.filter((e) => e.kind === 'official' || e.kind === 'baseline').at(-1) ?? null;

const indexes = new WeakMap<RunContext, Promise<Map<string, string>>>();

const evaluated = (ctx: RunContext, a: AttemptRecord): boolean =>
  (a.status === 'scored' || a.status === 'invalid') && a.headCommit !== null && decidingEvaluation(ctx.store.listEvaluations(a.id)) !== null;

/** Code hash -> first evaluated attempt of the run with that code; built once per process, then kept up to date. */
const codeIndex = (ctx: RunContext): Promise<Map<string, string>> => {
  let index = indexes.get(ctx);
  if (index === undefined) {
    index = (async () => {
      const map = new Map<string, string>();
      for (const attempt of ctx.store.listAttempts(ctx.runId)) {
        if (!evaluated(ctx, attempt) || attempt.headCommit === null) continue;
        const hash = await codeHash(ctx.workspace.root, attempt.headCommit);
        if (!map.has(hash)) map.set(hash, attempt.id);
      }
      return map;
    })();
    indexes.set(ctx, index);
  }
  return index;
};

/** An evaluated attempt of this run with byte-identical code, or null. */
export const findIdenticalCode = async (ctx: RunContext, hash: string): Promise<string | null> => (await codeIndex(ctx)).get(hash) ?? null;

/** Remembers an attempt whose code was just evaluated. */
export const rememberCode = async (ctx: RunContext, hash: string, id: string): Promise<void> => {
  const index = await codeIndex(ctx);
  if (!index.has(hash)) index.set(hash, id);
};
