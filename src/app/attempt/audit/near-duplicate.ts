import type { CodeSignature } from '../../../core/code/code-signature.js';
import { fileSignature, nearestProgram, type IndexedProgram } from '../../../core/novelty/minhash.js';
import type { AttemptRecord } from '../../../store/records.js';
import { findingsPathIn } from '../../../workspace/findings-path.js';
import type { RunDeps } from '../../context/run-context.js';
import type { CheckoutEvaluation } from '../../evaluation/evaluate-checkout.js';
import { stripComments } from './audit-comments.js';
import { reusedEvaluation } from './audit-change.js';
import { decidingEvaluation } from './audit-tree.js';

/** The flag of an attempt whose result was reused from a near-duplicate program. */
export const NEAR_DUPLICATE = 'near-duplicate:';

/** Files of one program compared: a wider change is compared on its first files. */
const COMPARED_FILES = 16;

export type NoveltyDeps = Pick<RunDeps, 'runId' | 'store' | 'workspace' | 'config'>;

interface NoveltyIndex {
  programs: IndexedProgram[];
  baseline: Map<string, Uint32Array>;
  baseCommit: string;
}

const indexes = new WeakMap<NoveltyDeps, Promise<NoveltyIndex>>();

/** The files a program changed against the baseline, from its code signature (findings.md never counts). */
const changedFiles = (signature: CodeSignature | null, subdir: string): string[] =>
  Object.keys(signature ?? {}).filter((path) => path !== findingsPathIn(subdir)).sort().slice(0, COMPARED_FILES);

const signaturesAt = async (ctx: NoveltyDeps, commit: string, paths: readonly string[]): Promise<Map<string, Uint32Array>> => {
  const texts = await ctx.workspace.readFiles(paths.map((path) => ({ commit, path })));
  return new Map(paths.map((path, i) => [path, fileSignature(path, stripComments(path, texts[i] ?? ''))]));
};

/** Evaluated programs of this run that are their own (not a reused or near-duplicate result). */
const ownEvaluation = (a: AttemptRecord): boolean =>
  (a.status === 'scored' || a.status === 'invalid') && a.role !== 'baseline' && a.headCommit !== null && !a.flags.some((f) => f.startsWith('reused:') || f.startsWith(NEAR_DUPLICATE));

/** The index of the run's evaluated programs, built once per process from the store, then kept up to date. */
const noveltyIndex = (ctx: NoveltyDeps): Promise<NoveltyIndex> => {
  let index = indexes.get(ctx);
  if (index === undefined) {
    index = (async () => {
      const baseCommit = ctx.store.requireRun(ctx.runId).baseCommit;
      const programs: IndexedProgram[] = [];
      for (const a of ctx.store.listAttempts(ctx.runId)) {
        if (ownEvaluation(a) && a.headCommit !== null) programs.push({ id: a.id, files: await signaturesAt(ctx, a.headCommit, changedFiles(a.codeSignature, ctx.workspace.subdir)) });
      }
      return { programs, baseline: new Map(), baseCommit };
    })();
    indexes.set(ctx, index);
  }
  return index;
};

/**
 * The evaluated program of the run nearest to this attempt's code when their similarity (MinHash
 * estimate of the Jaccard similarity of normalized token shingles, comments stripped) reaches
 * `shepherd.novelty.threshold`, with its result to reuse; null when none does, the feature is off,
 * or that program's result cannot be reused (still running, timed out). `exclude`: programs not
 * compared (an optimizer's own parent).
 */
export const findNearDuplicate = async (
  ctx: NoveltyDeps,
  head: string,
  signature: CodeSignature,
  exclude: readonly string[] = [],
): Promise<{ from: string; similarity: number; evaluation: CheckoutEvaluation } | null> => {
  const threshold = ctx.config.shepherd.novelty.threshold;
  if (threshold === null) return null;
  const index = await noveltyIndex(ctx);
  const candidate: IndexedProgram = { id: 'candidate', files: await signaturesAt(ctx, head, changedFiles(signature, ctx.workspace.subdir)) };
  const wanted = [...new Set([...candidate.files.keys(), ...index.programs.flatMap((p) => [...p.files.keys()])])].filter((path) => !index.baseline.has(path));
  for (const [path, sig] of await signaturesAt(ctx, index.baseCommit, wanted)) index.baseline.set(path, sig);
  const nearest = nearestProgram(candidate, index.programs.filter((p) => !exclude.includes(p.id)), (path) => index.baseline.get(path) ?? fileSignature(path, ''), threshold);
  if (nearest === null) return null;
  const twin = ctx.store.getAttempt(nearest.id);
  const record = twin === null ? null : decidingEvaluation(ctx.store.listEvaluations(twin.id));
  if (twin === null || twin.status === 'running' || record === null || record.timedOut) return null;
  const why = `a near-duplicate (similarity ${nearest.similarity.toFixed(2)} >= shepherd.novelty.threshold ${threshold})`;
  return { from: twin.id, similarity: nearest.similarity, evaluation: reusedEvaluation(twin, record, why) };
};

/** Adds a program the evaluator just judged to the index (with the feature on). */
export const rememberProgram = async (ctx: NoveltyDeps, id: string, head: string, signature: CodeSignature): Promise<void> => {
  if (ctx.config.shepherd.novelty.threshold === null) return;
  const index = await noveltyIndex(ctx);
  if (!index.programs.some((p) => p.id === id)) index.programs.push({ id, files: await signaturesAt(ctx, head, changedFiles(signature, ctx.workspace.subdir)) });
};
