import type { CodeSignature } from '../code/code-signature.js';
import type { SessionRef } from './agent-backend.js';
import type { ClusterRun, EvalOutcome } from './evaluator-runner.js';
import type { Direction } from '../domain/score.js';
import type { AttemptPhase, AttemptStatus, EdgeKind, Operator, Role, RunStatus, Usage } from '../domain/types.js';

/**
 * The records of the store as the rest of swarm reads them. The store's zod row schemas
 * (src/store/records.ts) produce exactly these types; the RunStore port speaks them.
 */

export interface RunRecord {
  id: string;
  status: RunStatus;
  description: string;
  objective: { metric: string; direction: Direction };
  baseCommit: string;
  baseBranch: string | null;
  configJson: string;
  attemptBudget: number;
  stopReason: string | null;
  ownerPid: number | null;
  ownerStarted: number | null;
  createdAt: number;
  finishedAt: number | null;
  /** The CLI overrides the run was started (or last resumed) with, as JSON; validated where used. */
  overridesJson: string;
}

export interface WaveRecord {
  runId: string;
  number: number;
  policy: string;
  rationale: string;
  startedAt: number;
  finishedAt: number | null;
}

export interface DiffSize {
  files: number;
  insertions: number;
  deletions: number;
}

export interface AttemptRecord {
  id: string;
  seq: number;
  runId: string;
  wave: number;
  role: Role;
  operator: Operator;
  backend: string;
  status: AttemptStatus;
  phase: AttemptPhase;
  branch: string;
  seed: number;
  context: string | null;
  prompt: string | null;
  baseCommit: string | null;
  headCommit: string | null;
  tipCommit: string | null;
  worktree: string | null;
  logDir: string;
  hypothesis: string | null;
  summary: string | null;
  error: string | null;
  score: number | null;
  valid: boolean | null;
  reason: string | null;
  metrics: Record<string, number>;
  session: SessionRef | null;
  transcriptPath: string | null;
  usage: Usage;
  diff: DiffSize | null;
  flags: string[];
  /** Where and which way its code differs from the baseline's (null until audited). */
  codeSignature: CodeSignature | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** An attempt as reports read it (status, graph): no prompt, context or commits. */
export type AttemptRowRecord = Pick<
  AttemptRecord,
  'id' | 'runId' | 'wave' | 'role' | 'operator' | 'backend' | 'status' | 'phase' | 'score' | 'valid' | 'hypothesis' | 'summary' | 'flags' | 'startedAt' | 'finishedAt'
> & {
  /** The reason it is invalid, else its error. */
  reason: string | null;
  costUsd: number;
};

/** Tokens and cost of one attempt, for the usage plots. */
export interface AttemptUsageRecord {
  id: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface EdgeRecord {
  from: string;
  to: string;
  kind: EdgeKind;
  position: number;
}

/**
 * What an evaluation was for. "review" (`swarm review`) and "held-out" (evaluator.heldOut) are the
 * user's checks of results: never shown to agents, never read by the Shepherd's policies.
 */
export const EVALUATION_KINDS = ['official', 'intermediate', 'confirm', 'baseline', 'review', 'held-out'] as const;
export type EvaluationKind = (typeof EVALUATION_KINDS)[number];

export interface EvaluationRecord extends Omit<EvalOutcome, 'cluster'> {
  id: number;
  attemptId: string;
  kind: EvaluationKind;
  stage: string;
  seed: number;
  commit: string | null;
  cluster: ClusterRun | null;
  createdAt: number;
}

export interface EventRecord {
  id: number;
  runId: string;
  attemptId: string | null;
  type: string;
  /** The event's data as JSON; validated where read. */
  data: string;
  at: number;
}

/** An attempt as the Shepherd's policies read it: only the columns they use (no prompt, context or paths). */
export type PopulationRow = Pick<
  AttemptRecord,
  'seq' | 'id' | 'runId' | 'wave' | 'role' | 'operator' | 'backend' | 'status' | 'score' | 'hypothesis' | 'createdAt' | 'finishedAt' | 'metrics' | 'flags'
> & {
  costUsd: number;
  tokens: number;
  diffSize: number | null;
  instances: Record<string, number> | null;
  /** The attempt's code signature as one line (core/code-signature.ts signatureKey); null until audited. */
  codeSignature: string | null;
};
