import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { evaluationStages, type SwarmConfig } from '../../config-assembly/index.js';
import { allowedEnv, passedEnv } from '../../core/trust/env-allow-list.js';
import { isSwarmError } from '../../core/domain/errors.js';
import type { Workspace } from '../../core/ports/index.js';
import { referenceFromCommit } from '../../workspace/protected-files.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { evaluateCheckout } from '../evaluation/evaluate-checkout.js';
import { sandboxLinkMounts, sharedLinkTargets } from '../evaluation/link-targets.js';
import { redactSecrets } from '../evaluation/redaction.js';
import { provisionFailureText, provisionStep, setupFailureText } from '../workspace/provision-step.js';
import { projectPaths, runnerLocks } from '../project/project-paths.js';
import { explainEvaluationFailure, type Problem } from './explain-failure.js';
import { checkImportedCode } from './check-imported-code.js';

export interface BaselineCheck {
  /** The baseline scored in a provisioned worktree of the last commit. */
  ok: boolean;
  commit: string | null;
  score: number | null;
  /** Why it did not score (the evaluation's reason, with its cause), null when it did. */
  reason: string | null;
  /** What provisioning did, in one line (`2 files carried, data linked, setup 1.2 s`). */
  provisioned: string | null;
  problems: Problem[];
}

const describe = (p: Awaited<ReturnType<typeof provisionStep>>): string => {
  const parts = [`${p.copied.length} file(s) carried in`];
  if (p.linked.length > 0) parts.push(`linked ${p.linked.join(', ')}`);
  if (p.missingLinks.length > 0) parts.push(`not linked (missing from your checkout) ${p.missingLinks.join(', ')}`);
  if (p.refused.length > 0) parts.push(`refused to link ${p.refused.map((r) => r.path).join(', ')}`);
  if (p.submodules.length > 0) parts.push(`submodules ${p.submodules.join(', ')}`);
  if (p.setup.key !== null) parts.push(`setup ${p.setup.reused ? 'reused (relocated from the cache)' : 'ran'} in ${(p.setup.durationMs / 1000).toFixed(1)} s${p.setup.notCached === null ? '' : ` (${p.setup.notCached})`}`);
  return parts.join(', ');
};

const failed = (commit: string | null, reason: string, problem: Problem, provisioned: string | null = null): BaselineCheck =>
  ({ ok: false, commit, score: null, reason, provisioned, problems: [problem] });

/**
 * Evaluates the committed baseline exactly as an attempt will be: in a fresh worktree of HEAD,
 * provisioned from the `workspace` section, on the configured runner and sandbox, with the
 * protected paths guarded. Never throws for a failing evaluation; names the fix when it fails.
 */
export const checkBaseline = async (workspace: Workspace, config: SwarmConfig, signal: AbortSignal = new AbortController().signal, progress?: (line: string) => void): Promise<BaselineCheck> => {
  const root = workspace.root;
  const paths = projectPaths(workspace.projectDir);
  const commit = await workspace.headCommit().catch(() => null);
  if (commit === null) return failed(null, 'the repository has no commit', { problem: `${root} has no commit, and every attempt starts from the last one`, fix: 'commit the program, the evaluator and the config: git add -A && git commit -m baseline' });
  await workspace.ensureExcluded();
  const stamp = `doctor-${Date.now()}-${process.pid}`;
  const worktree = join(paths.swarmDir, 'doctor', stamp);
  const logDir = join(paths.logsDir, stamp);
  await workspace.addDetachedWorktree(worktree, commit);
  try {
    const ids = { SWARM_RUN_ID: 'doctor', SWARM_ATTEMPT_ID: 'baseline' };
    const provisioned = await provisionStep({ config, root, subdir: workspace.subdir, setupCacheDir: paths.setupCacheDir, worktree, logDir, ids, signal, ...(progress ? { progress } : {}) });
    const summary = describe(provisioned);
    if (provisioned.setup.failure !== null) {
      const reason = setupFailureText(provisioned.setup.failure);
      return failed(commit, reason, { problem: `workspace.setup fails in a fresh worktree: \`${provisioned.setup.failure.command}\` ${provisioned.setup.failure.ended}`, fix: `make it work from a clean clone (its output is in ${logDir}), or raise workspace.setupTimeout` }, summary);
    }
    const refused = provisioned.refused[0];
    if (refused !== undefined) {
      return failed(commit, provisionFailureText(provisioned) ?? refused.reason, { problem: `${refused.path} ${refused.reason}`, fix: refused.fix }, summary);
    }
    const imported = config.evaluator.runner === 'local' ? await checkImportedCode({ root, worktree: workspace.projectFolder(worktree), command: evaluationStages(config.evaluator).map((s) => s.command).join('\n'), env: { ...allowedEnv(process.env, config.evaluator.passEnv), ...config.evaluator.env } }) : [];
    if (imported[0] !== undefined) return { ok: false, commit, score: null, reason: imported[0].problem, provisioned: summary, problems: imported };
    const problems: Problem[] = provisioned.missingSubmodules.map((missing) => ({ problem: `submodule ${missing.split(' (')[0]} cannot be checked out in a worktree`, fix: missing.replace(/^[^(]*\(|\)$/g, '') }));
    let runner;
    try {
      runner = await createEvaluatorRunner(config, runnerLocks(paths, config.concurrency.evaluations, sandboxLinkMounts(config, root, workspace.subdir)));
    } catch (error) {
      if (!isSwarmError(error)) throw error;
      return failed(commit, error.message, { problem: 'the evaluator runner cannot start', fix: error.message }, summary);
    }
    const evaluation = await evaluateCheckout({
      runner,
      stages: evaluationStages(config.evaluator),
      cwd: workspace.projectFolder(worktree),
      subdir: workspace.subdir,
      logDir,
      metric: config.objective.metric,
      direction: config.objective.direction,
      seed: config.shepherd.seed,
      env: { ...passedEnv(process.env, config.evaluator.passEnv), ...config.evaluator.env, ...ids },
      kind: 'official',
      signal,
      protection: config.evaluator.protect.length === 0 ? null : await referenceFromCommit(root, commit, config.evaluator.protect, workspace.subdir),
      artifacts: null,
      links: sharedLinkTargets(config, root, workspace.subdir),
    });
    const final = evaluation.final;
    if (final.valid && final.score !== null) return { ok: true, commit, score: final.score, reason: null, provisioned: summary, problems };
    const reason = final.reason ?? 'no score';
    const stderr = evaluation.results.map((r) => r.outcome.stderrTail).join('\n');
    const explained = await explainEvaluationFailure({ root: workspace.projectDir, worktree: workspace.projectFolder(worktree), command: evaluationStages(config.evaluator).at(-1)?.command ?? config.evaluator.command, stderr });
    const missing = provisioned.missingLinks.length === 0 ? null : {
      problem: `workspace.link names ${provisioned.missingLinks.join(', ')}, which your checkout does not have, so no worktree has it (the evaluation failed: ${redactSecrets(reason)})`,
      fix: `create ${provisioned.missingLinks.join(', ')} in your checkout, or build it per worktree with workspace.setup and remove it from workspace.link`,
    };
    const problem = missing ?? explained ?? {
      problem: `the committed baseline does not score in a fresh worktree: ${redactSecrets(reason)}`,
      fix: `fix the evaluator or the program (its output is in ${logDir}); what a worktree lacks of your checkout goes in workspace.link, .worktreeinclude or workspace.setup`,
    };
    return { ok: false, commit, score: null, reason, provisioned: summary, problems: [...problems, problem] };
  } finally {
    await workspace.removeWorktree(worktree).catch(() => undefined);
    await rm(worktree, { recursive: true, force: true });
  }
};
