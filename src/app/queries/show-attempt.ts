import { z } from 'zod';
import { SwarmError } from '../../core/domain/errors.js';
import { findEvaluatorRunner } from '../../eval/runners/registry.js';
import { signatureKey } from '../../core/code/code-signature.js';
import type { AttemptDetail } from '../../core/views/report.js';
import { pruneMarkOf } from '../../store/prune-marks.js';
import { LOGS_TRIMMED_EVENT, trimmedOf } from '../../core/views/run-space.js';
import { FINDINGS_FILE } from '../../workspace/index.js';
import { parentsByAttempt, toAttemptRow } from './attempt-rows.js';
import { instructionRecords } from './instruction-records.js';
import type { RunStore } from '../../core/ports/run-store.js';
import { openProjectStore } from '../project/open-project.js';
import { selfEvaluationsOf } from '../evaluation/self-evaluations.js';
import { permissionDenialsOf } from '../attempt/permission-denials.js';
import { workspaceTraceOf } from '../workspace/workspace-trace.js';

/** The findings.md lines that belong to one attempt (the agent's `### aN` section and the swarm's entry). */
const findingsFor = (text: string, id: string): string | null => {
  const mention = new RegExp(`\\b${id}\\b`);
  const section = new RegExp(`^### ${id}\\b`);
  const mine: string[] = [];
  let inSection = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) inSection = section.test(line);
    if (inSection ? line.trim() !== '' : mention.test(line)) mine.push(line);
  }
  return mine.length > 0 ? mine.join('\n') : null;
};

/** The instruction variant an explorer was given, with its record (shepherd.metaPrompts), or null. */
const variantOf = (store: Pick<RunStore, 'instructions' | 'requireRun'>, runId: string, id: string): AttemptDetail['instructions'] => {
  const variant = store.instructions.variantOf(id);
  if (variant === null) return null;
  return instructionRecords(store, runId, store.requireRun(runId).objective.direction).rows.find((r) => r.id === variant) ?? null;
};

const storedRunner = z.object({ evaluator: z.object({ runner: z.string() }) });

/** How the runner of a run's stored config names its jobs ("job" when the config or the runner is unknown). */
const jobLabelOf = (configJson: string): string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(configJson);
  } catch {
    return 'job';
  }
  const config = storedRunner.safeParse(parsed);
  return (config.success ? findEvaluatorRunner(config.data.evaluator.runner)?.jobLabel : undefined) ?? 'job';
};

/** The files and bytes cut from an attempt's logs under log.maxRunLogBytes, summed over its events; null when none were. */
const logsTrimmedOf = (store: Pick<RunStore, 'attemptEvents'>, runId: string, id: string): AttemptDetail['logsTrimmed'] => {
  const cuts = store.attemptEvents(runId, id, [LOGS_TRIMMED_EVENT]).map((e) => trimmedOf(e.data));
  if (cuts.length === 0) return null;
  return { files: cuts.reduce((sum, c) => sum + c.files, 0), droppedBytes: cuts.reduce((sum, c) => sum + c.droppedBytes, 0) };
};

/** `swarm show <attempt>`. */
export const showAttempt = async (options: { cwd: string; attemptId: string }): Promise<AttemptDetail> => {
  const { store, workspace } = await openProjectStore(options.cwd);
  try {
    const attempt = store.getAttempt(options.attemptId);
    const row = store.getAttemptRow(options.attemptId);
    if (!attempt || !row) throw new SwarmError('NOT_FOUND', `no attempt ${options.attemptId}; list them with \`swarm status --all\``);
    const parents = parentsByAttempt(store.listEdges(attempt.runId)).get(attempt.id) ?? [];
    const diffStat = attempt.baseCommit && attempt.headCommit ? await workspace.diffStat(attempt.baseCommit, attempt.headCommit) : null;
    const jobLabel = jobLabelOf(store.getRun(attempt.runId)?.configJson ?? '');
    const findings = attempt.tipCommit ? await workspace.showFile(attempt.tipCommit, FINDINGS_FILE) : null;
    return {
      attempt: toAttemptRow(row, parents),
      branch: attempt.branch,
      pruned: pruneMarkOf(store, attempt.runId, attempt.id),
      baseCommit: attempt.baseCommit,
      headCommit: attempt.headCommit,
      context: attempt.context,
      prompt: attempt.prompt,
      diffStat,
      codeSignature: attempt.codeSignature === null ? null : signatureKey(attempt.codeSignature),
      evaluations: store.listEvaluations(attempt.id).map((e) => ({
        kind: e.kind, stage: e.stage, seed: e.seed, valid: e.valid, score: e.score, metrics: e.metrics, reason: e.reason,
        durationMs: e.durationMs, exitCode: e.exitCode, timedOut: e.timedOut, stdoutTail: e.stdoutTail, stderrTail: e.stderrTail, feedback: e.feedback,
        artifacts: e.artifacts,
        jobId: e.jobId, cluster: e.cluster, jobLabel,
      })),
      findingsEntry: findings === null ? null : findingsFor(findings, attempt.id),
      logDir: attempt.logDir,
      logsTrimmed: logsTrimmedOf(store, attempt.runId, attempt.id),
      transcriptPath: attempt.transcriptPath,
      usage: attempt.usage,
      selfEvaluations: selfEvaluationsOf(store, attempt.runId, attempt.id),
      agentNote: attempt.error,
      permissionDenials: permissionDenialsOf(store, attempt.runId, attempt.id),
      workspace: workspaceTraceOf(store, attempt.runId, attempt.id),
      instructions: variantOf(store, attempt.runId, attempt.id),
      agentJob: store.agentJobs.get(attempt.id),
    };
  } finally {
    store.close();
  }
};
