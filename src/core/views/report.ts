import type { RunSpace } from './run-space.js';
import type { ClusterRun } from '../domain/cluster-run.js';
import type { WaitView } from '../limits/describe-wait.js';
import type { RoleCost } from './cost-by-role.js';
import type { BackendFigures } from './backend-figures.js';
import type { AttemptPhase, AttemptStatus, EdgeKind, Objective, Operator, Role, RunStatus } from '../domain/types.js';

/** One attempt as reports (status, show, graph) present it. Plain data, JSON-serializable. */
export interface AttemptRow {
  id: string;
  /** The explorer instruction variant it was given (shepherd.metaPrompts); set by `status`, absent otherwise. */
  instructions?: string;
  runId: string;
  wave: number;
  role: Role;
  operator: Operator;
  backend: string;
  parents: string[];
  status: AttemptStatus;
  phase: AttemptPhase;
  score: number | null;
  valid: boolean | null;
  reason: string | null;
  hypothesis: string | null;
  summary: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  durationMs: number | null;
  /** A scored attempt's metrics (objective.metrics included): what its Pareto front is built from; absent for other statuses. */
  metrics?: Record<string, number>;
  costUsd: number;
  flags: string[];
  /** While it runs with agent.runner "slurm": its agent's batch job (`swarm status` in flight). */
  agentJob?: (ClusterRun & { jobId: string }) | null;
}

export interface WaveRow {
  number: number;
  attempts: number;
  running: number;
  bestScore: number | null;
  startedAt: number;
  finishedAt: number | null;
}

export interface RunSummary {
  id: string;
  status: RunStatus;
  description: string;
  objective: Objective;
  createdAt: number;
  finishedAt: number | null;
  stopReason: string | null;
  attemptsUsed: number;
  attemptBudget: number;
  /** Evaluator runs recorded for the run (every kind; see `budget.evaluations`). */
  evaluationsUsed?: number;
  /** The run's `budget.evaluations` (0 = unlimited). */
  evaluationBudget?: number;
  /**
   * Set when the run is recorded `running` but its driver process is gone (killed, crashed): its
   * attempts are not running either, and `command` recovers it. Null for a live or ended run.
   */
  stale?: StaleRun | null;
}

export interface StaleRun {
  /** The recorded driver pid (null when none was recorded). */
  ownerPid: number | null;
  /** When the run last recorded anything; clocks of the run and its attempts stop here. */
  lastActivityAt: number;
  command: string;
}

/** A backend closed by a rate or usage limit: nothing new starts on it before `until`. */
export interface LimitWaitRow extends WaitView {
  /** When the wait was recorded. */
  since: number;
  /** Attempts parked on it (phase `waiting`), to continue after `until`. */
  attempts: string[];
}

/** What `swarm status` shows; `--json` prints exactly this object. */
export interface StatusReport {
  run: RunSummary;
  baseline: { id: string; score: number | null } | null;
  best: { id: string; score: number | null; improvement: number | null } | null;
  waves: WaveRow[];
  attempts: AttemptRow[];
  counts: Record<AttemptStatus, number>;
  costUsd: number;
  /** What each role's attempts spent (`costByRole`); `buildStatusReport` always sets it. */
  costByRole?: RoleCost[];
  /** Attempts, improvements and cost of each backend (agent.pool entry, or the single agent); `buildStatusReport` always sets it. */
  backends?: BackendFigures[];
  /** Limits the run waits on (empty when none; `buildStatusReport` always sets it). */
  waits?: LimitWaitRow[];
  /** Finalists scored by evaluator.heldOut, best run score first: both scores side by side. */
  heldOut?: Array<{ id: string; score: number | null; heldOut: number | null; valid: boolean }>;
  /** Nominated attempts (`swarm nominate`), most nominated first: a readout apart from the best score. */
  nominations?: NominatedAttempt[];
  /** The Pareto front of the run's feasible attempts (objective.metrics), oldest first; empty with one objective. */
  front?: string[];
  /** Attempts imported from earlier runs (`swarm run --new --from`): where the population came from. */
  imports?: Array<{ id: string; from: string; fromScore: number | null }>;
  /**
   * Set only by the digest read of plain `swarm status` (never printed by --json): `attempts` then
   * holds only the rows the digest shows; `hidden` counts the others, `newBest` the shown rows that
   * raised the best score when they finished.
   */
  digest?: { hidden: number; newBest: string[] };
  /** The explorer instruction variants of shepherd.metaPrompts with their records; absent or empty when off. */
  instructions?: InstructionRow[];
  /** The space the run uses (logs, worktrees, database) as its driver last recorded it; null when none was; `buildStatusReport` always sets it. */
  space?: RunSpace | null;
}

/** An explorer instruction variant (shepherd.metaPrompts) and what its explorers did. */
export interface InstructionRow {
  id: string;
  parent: string | null;
  origin: 'built-in' | 'recombined' | 'model';
  /** What it adds to the run's own explorer instructions, shortened. */
  excerpt: string;
  /** Explorers given it, finished or not. */
  attempts: number;
  improvements: number;
  /** Discounted improvement rate above the average of its backends. */
  credit: number;
  retired: boolean;
}

export interface NominatedAttempt {
  id: string;
  count: number;
  score: number | null;
  reasons: string[];
}

export interface GraphEdge {
  from: string;
  to: string;
  kind: EdgeKind;
}

/** What `swarm graph` exports. */
export interface GraphInput {
  run: { id: string; description: string; objective: Objective };
  nodes: AttemptRow[];
  edges: GraphEdge[];
  bestId: string | null;
  /** Members of the run's Pareto front (objective.metrics); absent or empty with one objective. */
  front?: string[];
  /** Of an `evolve` run: the island (0-based) of each searched attempt, as the policy assigns it; absent otherwise. */
  islands?: Record<string, number>;
}

/** One evaluation as `swarm show` presents it. */
export interface EvaluationRow {
  kind: string;
  stage: string;
  seed: number;
  valid: boolean;
  score: number | null;
  metrics: Record<string, number>;
  reason: string | null;
  durationMs: number;
  exitCode: number | null;
  timedOut: boolean;
  stdoutTail: string;
  stderrTail: string;
  feedback: string | null;
  /** Named texts the evaluator reported (`artifacts`), e.g. OpenEvolve's stderr or traceback. */
  artifacts: Record<string, string> | null;
  /** The batch job that ran it (slurm runner), else null. */
  jobId: string | null;
  cluster: ClusterRun | null;
  /** How its runner names one of its jobs (the descriptor's `jobLabel`, e.g. "slurm job"); absent = "job". */
  jobLabel?: string;
}

/** What `swarm show <attempt>` presents; `--json` prints exactly this object. */
export interface AttemptDetail {
  attempt: AttemptRow;
  /** The explorer instruction variant it was given, with its full text and record (shepherd.metaPrompts). */
  instructions?: (InstructionRow & { text: string }) | null;
  branch: string;
  /** When `swarm prune` deleted its branch and logs (and with which --keep); null while they exist. */
  pruned?: { at: number; keep: string } | null;
  baseCommit: string | null;
  headCommit: string | null;
  context: string | null;
  prompt: string | null;
  diffStat: { files: number; insertions: number; deletions: number; paths: string[] } | null;
  /** Where and which way its code differs from the baseline (core/code-signature.ts signatureKey); null until audited. */
  codeSignature?: string | null;
  evaluations: EvaluationRow[];
  findingsEntry: string | null;
  logDir: string;
  /** What was cut from its logs (head and tail kept) to hold the run under log.maxRunLogBytes; null when nothing was. */
  logsTrimmed?: { files: number; droppedBytes: number } | null;
  transcriptPath: string | null;
  usage: { inputTokens: number; outputTokens: number; costUsd: number };
  /** The agent's own `swarm eval` calls: recorded scores, and those that gave it none (with why). */
  selfEvaluations: { recorded: number; failed: number; failures: string[] };
  /** The agent's note on a completed run (a limit reached, refused tool calls), or null. */
  agentNote?: string | null;
  /** Tool calls the agent CLI refused for want of permission (`<tool>: <command or path>`). */
  permissionDenials?: string[];
  /** How its worktree was provisioned (the `workspace` section), and how long it took; null when not recorded. */
  workspace?: WorkspaceTrace | null;
  /** The batch job its agent ran as (agent.runner "slurm"), else null. */
  agentJob?: (ClusterRun & { jobId: string }) | null;
}

/** The provisioning step of an attempt's trace. */
export interface WorkspaceTrace {
  durationMs: number;
  copied: number;
  linked: string[];
  submodules: string[];
  setup: { ran: boolean; reused: boolean; durationMs: number; failed: boolean } | null;
}
