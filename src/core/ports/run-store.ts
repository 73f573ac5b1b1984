import type { CodeSignature } from '../code/code-signature.js';
import type { SessionRef } from './agent-backend.js';
import type { AgentJobReads } from './agent-launcher.js';
import type { EvalOutcome } from './evaluator-runner.js';
import type { AttemptRecord, AttemptRowRecord, AttemptUsageRecord, EdgeRecord, PopulationRow, EvaluationKind, EvaluationRecord, EventRecord, RunRecord, WaveRecord } from './records.js';
import type { AttemptPhase, AttemptStatus, Operator, Role, Usage } from '../domain/types.js';

/**
 * What the run, the attempt life cycle and the evaluations need from the store (SwarmStore, on
 * SQLite, implements it). Reads are synchronous: one process owns the database.
 */
/** The incremental reads of the population view: one query each, only the columns policies use. */
export interface PopulationReads {
  /** Attempts of a run created after `afterSeq`, plus those named in `ids` (still running when last read), oldest first. */
  rowsSince(runId: string, afterSeq: number, ids: readonly string[]): PopulationRow[];
  /** The edges into the given attempts (their parents, merges and declared sources). */
  edgesInto(runId: string, ids: readonly string[]): EdgeRecord[];
  /** The waves (generations) numbered below `before` that are still open but have no running attempt left. */
  wavesToClose(runId: string, before: number): number[];
}

/** The stored Pareto front of a run (objective.metrics), kept incrementally by the record step. */
export interface FrontReads {
  /** Ids of the run's front members, oldest first. */
  members(runId: string): string[];
  /** Puts `added` on the front and takes `removed` off it, in one transaction. */
  update(runId: string, added: readonly string[], removed: readonly string[]): void;
}

/** An attempt of a run imported from an earlier run (`swarm run --new --from`). */
export interface ImportRecord {
  attemptId: string;
  fromRun: string;
  fromAttempt: string;
  /** Its score in the run it came from (before it was evaluated again). */
  fromScore: number | null;
}

/** The imports of a run: edges across runs, saying where its population came from. */
export interface ImportReads {
  add(runId: string, record: ImportRecord): void;
  /** The run's imported attempts, in attempt order. */
  list(runId: string): ImportRecord[];
}

/** An explorer instruction variant of a run (shepherd.metaPrompts). */
export interface InstructionVariantRecord {
  id: string;
  parent: string | null;
  text: string;
  origin: 'built-in' | 'recombined' | 'model';
  retired: boolean;
}

/** An explorer given a variant, with what credit needs: its result and its first parent's score. */
export interface InstructionTrialRow {
  attemptId: string;
  variantId: string;
  backend: string;
  seq: number;
  status: AttemptStatus;
  score: number | null;
  flags: string[];
  /** The first parent's score (null: no parent, or one without a score). */
  parentScore: number | null;
}

/** The evolving explorer instructions of a run: variants, and which explorer got which. */
export interface InstructionReads {
  add(runId: string, variant: Omit<InstructionVariantRecord, 'retired'>): void;
  retire(runId: string, id: string): void;
  /** The run's variants, oldest first. */
  list(runId: string): InstructionVariantRecord[];
  assign(runId: string, attemptId: string, variantId: string): void;
  /** The variant an attempt was given, or null. */
  variantOf(attemptId: string): string | null;
  /** Every explorer given a variant, in attempt order. */
  trials(runId: string): InstructionTrialRow[];
}

export interface RunStore {
  readonly population: PopulationReads;
  readonly front: FrontReads;
  readonly imports: ImportReads;
  readonly instructions: InstructionReads;
  /** The batch job of each attempt's agent (agent.runner "slurm"). */
  readonly agentJobs: AgentJobReads;
  /** Runs `fn` in one immediate transaction: all of its writes, or none. */
  transaction<T>(fn: () => T): T;

  createRun(input: NewRun): RunRecord;
  requireRun(id: string): RunRecord;
  getRun(id: string): RunRecord | null;
  /** Every run of the repository, oldest first. */
  listRuns(): RunRecord[];
  updateRun(id: string, patch: RunPatch): void;

  startWave(runId: string, number: number, policy: string, rationale: string): void;
  finishWave(runId: string, number: number): void;
  listWaves(runId: string): WaveRecord[];

  createAttempt(input: NewAttempt): AttemptRecord;
  updateAttempt(id: string, patch: AttemptPatch): void;
  getAttempt(id: string): AttemptRecord | null;
  requireAttempt(id: string): AttemptRecord;
  listAttempts(runId: string): AttemptRecord[];
  /** The report columns of a run's attempts (no prompts): what population views read. */
  listAttemptRows(runId: string): AttemptRowRecord[];
  /** Running attempts of every run. */
  listRunningAttempts(): AttemptRecord[];
  /** Ids of the `limit` best scored attempts of a run, best first. */
  bestAttemptIds(runId: string, direction: 'maximize' | 'minimize', limit: number): string[];
  listEdges(runId: string): EdgeRecord[];

  addEvaluation(attemptId: string, kind: EvaluationKind, outcome: EvalOutcome & { stage: string; seed: number; commit: string | null }): number;
  /** Evaluator runs of a run (every kind; a result reused from an identical twin excluded): what `budget.evaluations` counts. */
  countEvaluations(runId: string): number;
  listEvaluations(attemptId: string): EvaluationRecord[];

  addEvent(runId: string, type: string, data: Record<string, unknown>, attemptId?: string | null): void;
  /** Tokens and cost of every attempt of a run, oldest first (the interrupted left out with `excludeInterrupted`): no other column read. */
  listAttemptUsage(runId: string, options?: { excludeInterrupted?: boolean }): AttemptUsageRecord[];
  /** Tokens and USD recorded on events of one type (e.g. the LLM Shepherd's own calls). */
  eventUsage(runId: string, type: string): { tokens: number; costUsd: number };
  /** Events of the given types, oldest first. */
  listEventsOfType(runId: string, types: readonly string[]): EventRecord[];
  /** One attempt's events of the given types, oldest first. */
  attemptEvents(runId: string, attemptId: string, types: readonly string[]): EventRecord[];

  saveSession(input: { attemptId: string; ref: SessionRef; parentSessionId: string | null; messagesJson: string | null }): void;
  /** The stored conversation of a session, or null. */
  getSessionHistory(ref: SessionRef): string | null;
}

export interface RunPatch {
  status?: RunRecord['status'];
  stopReason?: string | null;
  finishedAt?: number | null;
  ownerPid?: number | null;
  ownerStarted?: number | null;
  attemptBudget?: number;
  overridesJson?: string;
}

/** What the store's writers take: a new run, a new attempt, a patch of an attempt. */
export interface NewRun {
  description: string;
  metric: string;
  direction: 'maximize' | 'minimize';
  baseCommit: string;
  baseBranch: string | null;
  configJson: string;
  attemptBudget: number;
  ownerPid: number;
  /** The owner's start time (see `processStartTime`), so a reused pid is not taken for it. */
  ownerStarted?: number | null;
  /** The CLI overrides of the run, as JSON (default none). */
  overridesJson?: string;
  /** The new run's number is above this (numbers already used by branches in the repository). */
  minSeq?: number;
}

export interface NewAttempt {
  runId: string;
  wave: number;
  role: Role;
  operator: Operator;
  backend: string;
  seed: number;
  context: string | null;
  parents: string[];
  informedBy: string[];
  /** Builds the branch and log dir from the allocated id. */
  paths: (id: string) => { branch: string; logDir: string };
}

export interface AttemptPatch {
  status?: AttemptStatus;
  phase?: AttemptPhase;
  prompt?: string | null;
  baseCommit?: string | null;
  headCommit?: string | null;
  tipCommit?: string | null;
  worktree?: string | null;
  hypothesis?: string | null;
  summary?: string | null;
  error?: string | null;
  score?: number | null;
  valid?: boolean | null;
  reason?: string | null;
  metrics?: Record<string, number> | null;
  session?: SessionRef | null;
  transcriptPath?: string | null;
  usage?: Usage;
  diff?: { files: number; insertions: number; deletions: number } | null;
  flags?: string[];
  codeSignature?: CodeSignature;
  startedAt?: number | null;
  finishedAt?: number | null;
}
