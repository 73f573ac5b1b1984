import { attemptBranch, attemptId, runId as toRunId } from '../../core/domain/ids.js';
import { SwarmError } from '../../core/domain/errors.js';
import { formatScore } from '../../core/domain/score.js';
import type { RunRecord } from '../../store/records.js';
import { protectedDrift, referenceFromCommit, restoreProtected } from '../../workspace/protected-files.js';
import { attemptEvaluationInput, evaluateCheckout, type EvaluationDeps } from '../evaluation/evaluate-checkout.js';
import { applyConstraints } from '../attempt/feasibility.js';
import { endAttempt, movePhase } from '../attempt/phase.js';
import { recordAttempt, type AttemptResult, type RecordDeps } from '../attempt/record.js';
import { releaseAttempt, type ReleaseDeps } from '../attempt/release.js';
import { storeResult, type StoredResultDeps } from '../attempt/stored-result.js';
import { attemptLogDir, attemptWorktree } from '../project/project-paths.js';
import type { RunDeps, RunState } from '../context/run-context.js';

/** What `swarm run --new --from <run> [--top K]` asks for. */
export interface ImportRequest {
  fromRun: string;
  top: number;
}

/** The flag an imported attempt carries: where it came from, e.g. `imported:r1/a7`. */
export const importedFlag = (fromRun: string, fromAttempt: string): string => `imported:${fromRun}/${fromAttempt}`;

/**
 * The K best scored attempts of the earlier run (its baseline left out), best first. A run that
 * does not exist, or has nothing scored to import, is a usage error.
 */
/** The run `--from` names, checked before the new run is claimed: a usage error when it does not exist. */
export const importSource = (store: Pick<RunDeps['store'], 'getRun'>, request: ImportRequest): RunRecord => {
  const from = store.getRun(request.fromRun);
  if (from === null) throw new SwarmError('USAGE', `--from ${request.fromRun}: no earlier run with that id in this project; \`swarm status --run <id>\` shows a run, ids look like r1`);
  return from;
};

const sourcesOf = (ctx: Pick<RunDeps, 'store'>, run: RunRecord, request: ImportRequest): string[] => {
  const from = importSource(ctx.store, request);
  if (from.id === run.id) throw new SwarmError('USAGE', `--from ${request.fromRun}: a run cannot import from itself; name an earlier run`);
  const ids = ctx.store.bestAttemptIds(from.id, from.objective.direction, request.top + 1).filter((id) => ctx.store.requireAttempt(id).role !== 'baseline').slice(0, request.top);
  if (ids.length === 0) throw new SwarmError('USAGE', `--from ${from.id}: the run has no scored attempt to import; pick a run with scored attempts`);
  return ids;
};

/** What importing needs: an evaluation, the stored result, the record and the release, and both stops. */
export type ImportDeps = EvaluationDeps & StoredResultDeps & RecordDeps & ReleaseDeps & Pick<RunDeps, 'paths'> & Pick<RunState, 'drain'>;

/**
 * Memory across runs: the best attempts of an earlier run enter the new one as attempts of
 * operator `import` (wave 0, after the baseline). Each starts from the earlier attempt's tip (its
 * program and its findings.md), takes the protected files of the new baseline (a changed evaluator
 * is the one that judges it, and its children are not invalid for carrying the old one), and is
 * evaluated once; the best of them becomes the incumbent. The new run's baseline stays the user's
 * HEAD. Runs once, when the run starts: a resumed run already has them.
 */
export const importAttempts = async (ctx: ImportDeps, run: RunRecord, request: ImportRequest, report: (line: string) => void): Promise<string[]> => {
  const imported: string[] = [];
  const reference = await referenceFromCommit(ctx.workspace.root, run.baseCommit, ctx.config.evaluator.protect);
  for (const sourceId of sourcesOf(ctx, run, request)) {
    if (ctx.force.aborted || ctx.drain.aborted) break;
    const source = ctx.store.requireAttempt(sourceId);
    const commit = source.tipCommit ?? source.headCommit;
    if (commit === null) continue;
    const flag = importedFlag(source.runId, source.id);
    const attempt = ctx.store.createAttempt({
      // The backend that made it in its earlier run: the backends line counts it there, not under "none".
      runId: run.id, wave: 0, role: 'explorer', operator: 'import', backend: source.backend, seed: ctx.config.shepherd.seed, context: null, parents: [], informedBy: [],
      paths: (id) => ({ branch: attemptBranch(toRunId(run.id), attemptId(id)), logDir: attemptLogDir(ctx.paths, id) }),
    });
    ctx.store.imports.add(run.id, { attemptId: attempt.id, fromRun: source.runId, fromAttempt: source.id, fromScore: source.score });
    const worktree = attemptWorktree(ctx.paths, attempt.id);
    try {
      const prepared = await ctx.workspace.prepareAttempt({ branch: attempt.branch, worktreePath: worktree, parents: [{ commit, label: `${source.runId}/${source.id}` }], message: `swarm: import of ${source.runId}/${source.id}`, trailers: { 'Swarm-Attempt': attempt.id } });
      const drift = await protectedDrift(worktree, reference);
      await restoreProtected(worktree, reference, drift);
      const head = drift.length === 0 ? prepared.baseCommit : (await ctx.workspace.commitAll(worktree, { subject: `${attempt.id}: import of ${source.runId}/${source.id} with the protected files of ${run.id}'s baseline`, trailers: { 'Swarm-Attempt': attempt.id } })).commit;
      const summary = `imported from ${source.runId}/${source.id} (${ctx.config.objective.metric} ${formatScore(source.score)} there)`;
      movePhase(ctx.store, attempt.id, 'evaluate', { worktree, baseCommit: prepared.baseCommit, headCommit: head, summary, hypothesis: source.hypothesis ?? source.summary });
      const evaluation = await evaluateCheckout(await attemptEvaluationInput(ctx, attempt, worktree, 'official', ctx.config.shepherd.seed));
      if (ctx.force.aborted) {
        endAttempt(ctx.store, attempt.id, 'interrupted', { finishedAt: Date.now() });
        break;
      }
      const valid = evaluation.final.valid;
      const result: AttemptResult = applyConstraints(ctx.config, { kind: valid ? 'scored' : 'invalid', reason: valid ? null : evaluation.final.reason, head, diff: null, flags: [flag], evaluation });
      storeResult(ctx, attempt.id, result, evaluation.results);
      await recordAttempt(ctx, attempt, { role: 'explorer', parents: [] }, result);
      ctx.store.addEvent(run.id, 'attempt.imported', { from: `${source.runId}/${source.id}`, fromScore: source.score, score: result.evaluation?.final.score ?? null }, attempt.id);
      report(`imported ${source.runId}/${source.id} as ${attempt.id}: ${ctx.config.objective.metric} ${formatScore(source.score)} there, ${result.kind === 'scored' ? formatScore(result.evaluation?.final.score ?? null) : result.kind} here`);
      imported.push(attempt.id);
    } finally {
      await releaseAttempt(ctx, attempt.id, worktree);
    }
  }
  return imported;
};
