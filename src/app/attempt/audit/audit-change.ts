import type { EvalOutcome } from '../../../core/ports/index.js';
import { codeSignature, type CodeSignature } from '../../../core/code/code-signature.js';
import { forbiddenSymlinks } from '../../../core/trust/escaping-symlinks.js';
import type { DiffStat, FileRef } from '../../../core/ports/workspace.js';
import type { TreeSymlink } from '../../../core/trust/escaping-symlinks.js';
import type { AttemptRecord, EvaluationRecord } from '../../../store/records.js';
import type { Workspace } from '../../../core/ports/workspace.js';
import { FINDINGS_FILE, matchProtected } from '../../../workspace/index.js';
import { onlyCommentsDiffer, sameProgram } from './audit-comments.js';
import { codeHashOf, decidingEvaluation, findIdenticalCode, projectTreePaths, type CodeIndexDeps } from './audit-tree.js';
import type { CheckoutEvaluation } from '../../evaluation/evaluate-checkout.js';
import type { RunDeps } from '../../context/run-context.js';

export interface ChangeAudit {
  /** `no-change`, `comments-only`, `outside-solution-files`. */
  flags: string[];
  /** A `comments-only` change that every changed file's exact tokenizer confirms: the parent's program, unchanged. */
  commentsExact: boolean;
  codeHash: string;
  /** Where and which way the code differs from the run's baseline (the policies' niches without a declared metric). */
  signature: CodeSignature;
  /** Symlinks the change commits that leave the worktree or stand at a swarm-owned path (`path -> target`). */
  escapingLinks: string[];
  /** An evaluated attempt with byte-identical code, whose result is reused instead of evaluating again. */
  reuse: { from: string; evaluation: CheckoutEvaluation } | null;
}

/** Changed files read per git process: a typical change in one, a huge one without holding every file at once. */
const FILES_PER_READ = 32;

/** Files compared with the baseline for the code signature; a change wider than this is named, not read. */
const SIGNED_FILES = 64;

const versions = (base: string, head: string, files: readonly string[]): FileRef[] => files.flatMap((path) => [{ commit: base, path }, { commit: head, path }]);

/** Whether every file of `files` changed only in comments (roughly, and exactly), given their texts before and after (in `versions` order). */
const onlyCommentsIn = (files: readonly string[], texts: ReadonlyArray<string | null>): { rough: boolean; exact: boolean } => {
  let exact = true;
  const rough = files.every((file, i) => {
    const before = texts[2 * i] ?? null;
    const after = texts[2 * i + 1] ?? null;
    if (before === null || after === null || !onlyCommentsDiffer(file, before, after)) return false;
    exact &&= sameProgram(file, before, after);
    return true;
  });
  return { rough, exact: rough && exact };
};

/** Files whose code may differ from the baseline's: the ones this change touched and the ones its parents' signatures name. */
const signatureFiles = (ctx: Pick<RunDeps, 'store'>, parents: readonly string[], changed: readonly string[]): string[] => {
  const files = new Set(changed);
  for (const id of parents) for (const path of Object.keys(ctx.store.getAttempt(id)?.codeSignature ?? {})) files.add(path);
  return [...files].sort();
};

/**
 * The code hash of `head`, whether its change touched comments only, and its code signature
 * against the run's baseline: the tree, the first changed files and the files the signature
 * compares read by one git process (this sits on every attempt's critical path).
 */
const readChange = async (
  workspace: Pick<Workspace, 'readTreeAndFiles' | 'readFiles' | 'subdir'>,
  commits: { baseline: string; base: string; head: string },
  changed: readonly string[],
  compared: readonly string[],
): Promise<{ hash: string; onlyComments: boolean; commentsExact: boolean; signature: CodeSignature }> => {
  const { baseline, base, head } = commits;
  const first = changed.slice(0, FILES_PER_READ);
  const signed = compared.slice(0, SIGNED_FILES);
  const refs = new Map<string, FileRef>();
  for (const ref of [...versions(base, head, first), ...versions(baseline, head, signed)]) refs.set(`${ref.commit}:${ref.path}`, ref);
  const { topLevel, texts, subtrees } = await workspace.readTreeAndFiles(head, [...refs.values()], projectTreePaths(workspace.subdir));
  const text = new Map([...refs.keys()].map((key, i) => [key, texts[i] ?? null]));
  const at = (commit: string, path: string): string | null => text.get(`${commit}:${path}`) ?? null;
  let comments = changed.length > 0 ? onlyCommentsIn(first, first.flatMap((path) => [at(base, path), at(head, path)])) : { rough: false, exact: false };
  for (let from = FILES_PER_READ; comments.rough && from < changed.length; from += FILES_PER_READ) {
    const files = changed.slice(from, from + FILES_PER_READ);
    const next = onlyCommentsIn(files, await workspace.readFiles(versions(base, head, files)));
    comments = { rough: next.rough, exact: comments.exact && next.exact };
  }
  const signature = codeSignature(signed.map((path) => ({ path, baseline: at(baseline, path), head: at(head, path) })));
  // Past the cap a file is named without reading it: the signature still says the change is that wide.
  for (const path of compared.slice(SIGNED_FILES)) signature[path] = ['unread'];
  return { hash: codeHashOf(topLevel, workspace.subdir, subtrees), onlyComments: comments.rough, commentsExact: comments.exact, signature };
};

/**
 * The twin's recorded result as this attempt's own: its final score, validity and reason (after
 * any confirmation with other seeds), not the single-seed score of its first evaluation.
 */
export const reusedEvaluation = (twin: AttemptRecord, record: EvaluationRecord, why = 'byte-identical code'): CheckoutEvaluation => {
  const valid = twin.status === 'scored';
  const outcome: EvalOutcome = {
    metrics: twin.metrics,
    score: valid ? twin.score : null,
    valid,
    reason: twin.reason,
    feedback: record.feedback,
    instances: record.instances,
    artifacts: record.artifacts,
    exitCode: record.exitCode,
    signal: record.signal,
    timedOut: record.timedOut,
    durationMs: 0,
    stdoutTail: `(result reused from ${twin.id}: ${why}, the evaluator was not run)\n${record.stdoutTail}`,
    stderrTail: record.stderrTail,
    jobId: null,
  };
  return { final: outcome, results: [{ stage: record.stage, seed: record.seed, kind: 'official', outcome }], violations: [] };
};

/**
 * The symlinks among the changed paths at `head` with their targets: from the commit step's raw
 * diff when there is one (no git process unless a link changed), else from a tree listing.
 */
const symlinksOf = async (workspace: Workspace, head: string, paths: readonly string[], links: DiffStat['links']): Promise<TreeSymlink[]> => {
  if (links === undefined) return workspace.symlinksAt(head, paths);
  if (links.length === 0) return [];
  const targets = await workspace.readFiles(links.map((link) => ({ commit: head, path: link.path })));
  return links.map((link, i) => ({ path: link.path, target: targets[i] ?? '' }));
};

/** What the audit reads: the run's code index and signatures in the store, git, and `task.solutionFiles`. */
export type AuditDeps = CodeIndexDeps & Pick<RunDeps, 'config'>;

/**
 * Audits of an attempt's committed change before it is evaluated (findings.md never counts as a
 * change): no change at all, only comments, only files outside `task.solutionFiles`; and whether
 * an evaluated attempt of the run already has byte-identical code; and the code signature against
 * the run's baseline. `changedPaths` are the paths the commit changed (from the attempt's diff
 * stat, so git is not asked twice); `parents` are the attempt's, whose signatures name the files
 * that already differed from the baseline.
 */
export const auditChange = async (
  ctx: AuditDeps,
  commits: { base: string; head: string },
  changedPaths: readonly string[],
  parents: readonly string[],
  diffLinks?: DiffStat['links'],
): Promise<ChangeAudit> => {
  const { base, head } = commits;
  const changed = changedPaths.filter((file) => file !== ctx.workspace.repoPath(FINDINGS_FILE));
  const flags: string[] = [];
  const baseline = ctx.store.requireRun(ctx.runId).baseCommit;
  const [{ hash, onlyComments, commentsExact, signature }, links] = await Promise.all([
    readChange(ctx.workspace, { baseline, base, head }, changed, signatureFiles(ctx, parents, changed)),
    symlinksOf(ctx.workspace, head, changedPaths, diffLinks),
  ]);
  if (changed.length === 0) flags.push('no-change');
  else if (onlyComments) flags.push('comments-only');
  const solution = ctx.config.task.solutionFiles;
  if (changed.length > 0 && solution.length > 0 && matchProtected(changed, solution.map((glob) => ctx.workspace.repoPath(glob))).length === 0) flags.push('outside-solution-files');
  const twin = await findIdenticalCode(ctx, hash);
  const twinAttempt = twin === null ? null : ctx.store.getAttempt(twin);
  const record = twin === null ? null : decidingEvaluation(ctx.store.listEvaluations(twin));
  // A twin that timed out may have hit a passing hiccup: evaluate again rather than inherit it.
  // A twin still running has its evaluation stored but no verdict yet (the record step decides it).
  const reusable = twinAttempt !== null && twinAttempt.status !== 'running' && record !== null && !record.timedOut;
  return { flags, commentsExact: onlyComments && commentsExact && changed.length > 0, codeHash: hash, signature, escapingLinks: forbiddenSymlinks(links), reuse: reusable ? { from: twinAttempt.id, evaluation: reusedEvaluation(twinAttempt, record) } : null };
};

/** The output hash an evaluator reported: a metric `output_hash` or an artifacts entry `output_hash`. */
export const outputHashOf = (outcome: { metrics: Record<string, number>; artifacts: Record<string, string> | null }): string | null => {
  const metric = outcome.metrics.output_hash;
  if (metric !== undefined) return String(metric);
  return outcome.artifacts?.output_hash ?? null;
};

/** True when the attempt's outputs hash like its first parent's: an implementation that never ran. */
export const outputUnchanged = (ctx: Pick<RunDeps, 'store'>, parent: string | undefined, final: EvalOutcome): boolean => {
  const mine = outputHashOf(final);
  if (mine === null || parent === undefined) return false;
  const theirs = decidingEvaluation(ctx.store.listEvaluations(parent));
  return theirs !== null && outputHashOf(theirs) === mine;
};
