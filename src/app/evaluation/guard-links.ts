import { relative } from 'node:path';
import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../../core/ports/index.js';
import { linkManifest, manifestChanges } from '../../workspace/provision/index.js';

/** The audit flag of an attempt whose evaluated program changed a `workspace.link` path. */
export const LINKED_VIOLATION = 'linked-path-changed';

/**
 * Without the sandbox's read-only mounts, the shared `workspace.link` paths are checked instead:
 * the size and mtime of every entry below them before and after each job (no file is read), and a
 * job that changed one is invalid whatever it printed. `root` is the checkout the links point to.
 */
export const guardLinks = (inner: EvaluatorRunner, root: string, targets: readonly string[]): { runner: EvaluatorRunner; violations: () => string[] } => {
  const violations = new Set<string>();
  const run = async (job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> => {
    const before = await linkManifest(targets);
    const outcome = await inner.run(job, signal);
    const changed = manifestChanges(before, await linkManifest(targets)).map((path) => relative(root, path));
    if (changed.length === 0) return outcome;
    for (const path of changed) violations.add(path);
    const shown = changed.slice(0, 5).join(', ') + (changed.length > 5 ? `, and ${changed.length - 5} more` : '');
    const reason = `the evaluated program changed shared workspace.link files (${shown}) during stage ${job.stage}; the score does not count. Programs may not modify linked paths: write outputs elsewhere, or carry a private copy with .worktreeinclude`;
    return { ...outcome, valid: false, score: null, reason };
  };
  return { runner: { run }, violations: () => [...violations] };
};
