import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { SwarmError } from '../../core/domain/errors.js';
import { recordPruned } from '../../store/prune-marks.js';
import { attemptsToPrune, parseKeepSpec } from '../../core/attempt/keep-spec.js';
import { openProjectStore } from '../project/open-project.js';

export interface PruneOptions {
  cwd: string;
  /** Only this run; every run when absent. */
  run?: string;
  keep: string;
  dryRun: boolean;
}

export interface PruneResult {
  dryRun: boolean;
  kept: string[];
  pruned: string[];
  branches: number;
  logBytes: number;
  /** Branches git would not delete (checked out somewhere, e.g. by `swarm checkout`). */
  skipped: Array<{ attempt: string; branch: string; reason: string }>;
}

const sizeOf = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
};

const isInside = (child: string, parent: string): boolean => {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
};

/**
 * `swarm prune`: deletes the branches and log folders of attempts not kept. Running attempts are
 * never touched; the store keeps every row, so status and graph still show what was tried.
 */
export const pruneAttempts = async (options: PruneOptions): Promise<PruneResult> => {
  const spec = parseKeepSpec(options.keep);
  const { store, paths, workspace } = await openProjectStore(options.cwd);
  try {
    const runs = options.run === undefined ? store.listRuns() : [store.getRun(options.run)].filter((r) => r !== null);
    if (options.run !== undefined && runs.length === 0) {
      throw new SwarmError('NOT_FOUND', `no run ${options.run} in this repository; known runs: ${store.listRuns().map((r) => r.id).join(', ') || 'none'}`);
    }
    const result: PruneResult = { dryRun: options.dryRun, kept: [], pruned: [], branches: 0, logBytes: 0, skipped: [] };
    for (const run of runs) {
      const kept = new Set([...store.bestAttemptIds(run.id, run.objective.direction, spec.top), ...spec.ids]);
      const attempts = store.listAttempts(run.id);
      result.kept.push(...attempts.filter((a) => kept.has(a.id)).map((a) => a.id));
      const before = result.pruned.length;
      for (const attempt of attemptsToPrune(attempts, kept)) {
        const hasBranch = await workspace.branchExists(attempt.branch);
        const logDir = resolve(workspace.root, attempt.logDir);
        const logs = isInside(logDir, paths.logsDir) ? sizeOf(logDir) : 0;
        if (!hasBranch && logs === 0) continue;
        if (hasBranch && !options.dryRun) {
          try {
            await workspace.deleteBranch(attempt.branch);
          } catch (error) {
            result.skipped.push({ attempt: attempt.id, branch: attempt.branch, reason: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) });
            continue;
          }
        }
        if (logs > 0 && !options.dryRun) rmSync(logDir, { recursive: true, force: true });
        if (!options.dryRun) recordPruned(store, run.id, attempt.id, options.keep);
        result.pruned.push(attempt.id);
        result.branches += hasBranch ? 1 : 0;
        result.logBytes += logs;
      }
      if (!options.dryRun) store.addEvent(run.id, 'run.pruned', { keep: options.keep, pruned: result.pruned.length - before });
    }
    return result;
  } finally {
    store.close();
  }
};
