import type { AgentLauncher } from './agent-launcher.js';
import type { ReadFileAt } from './file-at.js';
import type { AttemptId, RunId } from '../domain/ids.js';
import type { Direction } from '../domain/score.js';
import type { Role, Usage } from '../domain/types.js';

/** A reference to an agent conversation that a later Optimizer may fork. */
export interface SessionRef {
  backend: string;
  /** Backend-specific id (claude session id, codex thread id, stored history id). */
  id: string;
  /** Cumulative cost of the conversation when recorded, for per-attempt differences. */
  cumulativeCostUsd?: number;
}

/** One attempt's view of the run's dollar cap (`RunCostMeter.gauge`). */
export interface RunCostGauge {
  /** This attempt's cost so far, in USD (cumulative). */
  report(costUsd: number): void;
  /** Why the run's cap is spent, or null. */
  exceeded(): string | null;
}

/** Everything a backend needs to work on one attempt. */
export interface AgentTask {
  runId: RunId;
  attemptId: AttemptId;
  worktree: string;
  role: Exclude<Role, 'baseline'>;
  prompt: string;
  systemPrompt: string;
  forkFrom?: SessionRef;
  /** Stored conversation of `forkFrom` (API backends), as saved from its `historyJson`; a copy to continue. */
  forkHistoryJson?: string;
  model?: string;
  maxTurns?: number;
  timeoutMs: number;
  /** This attempt's share of the run's remaining dollar budget (budget.costUsd); absent = none. */
  maxCostUsd?: number;
  /**
   * The run's dollar cap while attempts run (budget.costUsd): a backend that meters usage as it
   * goes reports the attempt's cost so far after each model call and makes no further call once
   * `exceeded` names a reason (the attempt then ends with that reason, its work evaluated).
   * Absent = no cap.
   */
  runCost?: RunCostGauge;
  /** CLI backends: stop the agent after this long without output (agent.stallTimeout); absent = off. */
  stallTimeoutMs?: number;
  seed: number;
  env: Record<string, string>;
  /** Directory for transcripts and logs of this attempt. */
  logDir: string;
  /** Where a CLI backend's process runs (agent.runner); absent = a process group on this machine. */
  launcher?: AgentLauncher;
  /**
   * Shell commands the attempt needs to run without asking: its self-evaluation (`swarm eval`, and
   * the evaluator's own command when the prompt names it). A CLI with a permission allow-list
   * allows exactly these (each with any arguments).
   */
  allowedCommands?: string[];
  /**
   * Commits of the attempts the Shepherd declared as sources (`informed_by`: inspirations, the
   * attempt a rebase realizes), reachable from the worktree. Prompt-driven backends see them in the
   * prompt; the offline `local` agent reads their constants.
   */
  inspirations?: InspirationRef[];
  /**
   * `task.solutionFiles`: globs, relative to `worktree`, of the files the attempt should change
   * (absent or empty: any). The offline `local` agent changes no other file.
   */
  solutionFiles?: readonly string[];
  /** Reads a file of an inspiration's commit from the target repository (the workspace's reader). */
  readFileAt?: ReadFileAt;
  /**
   * The official result the run recorded for the attempt's only parent, whose program the worktree
   * starts from, so an agent need not spend an evaluation on the unchanged parent. Absent for
   * merges (the worktree is neither parent's program) and fresh starts.
   */
  parentScore?: ParentScore;
}

/** An attempt's recorded official score and the objective's direction. */
export interface ParentScore {
  /** Null when the parent has no valid score (its status is not `scored`: invalid, failed). */
  score: number | null;
  direction: Direction;
}

/** An attempt whose program an agent may read, by its commit. */
export interface InspirationRef {
  attemptId: AttemptId;
  commit: string;
  /** Its official score (null when it has none). */
  score: number | null;
}

export type AgentStatus = 'completed' | 'failed' | 'abstained';

/**
 * A rate limit (HTTP 429, 529 overloaded) or a plan's usage limit that stopped an agent: the
 * attempt waits for `resetAt` (ms since the epoch; null = unknown, a bounded backoff instead)
 * and then continues, rather than failing.
 */
export interface AgentLimit {
  kind: 'rate-limit' | 'usage-limit';
  resetAt: number | null;
  /** What was seen, in one line ("HTTP 429, retry-after 2 s", the CLI's message). */
  detail: string;
}

export interface AgentOutcome {
  status: AgentStatus;
  summary: string;
  hypothesis: string | null;
  session?: SessionRef;
  /** The conversation to store with `session` (API backends), so an Optimizer can fork it later. */
  historyJson?: string;
  usage: Usage;
  transcriptPath?: string;
  error?: string;
  /**
   * Why each `swarm eval` the agent ran gave it no score (not found, denied, a failed hand-off), as
   * seen in its transcript; an invalid program is a score, not a failure. Counted per attempt.
   */
  selfEvalFailures?: string[];
  /**
   * A rate or usage limit that ended the run (status is then `failed`), as the backend saw it;
   * null when the backend checked and it was none. Absent: swarm reads the error text instead.
   */
  limit?: AgentLimit | null;
  /** Tool calls the agent CLI refused for want of permission, each as `<tool>: <command or path>`. */
  permissionDenials?: string[];
  /**
   * The agent's own messages for edits of the worktree that failed or were refused (a codex
   * `file_change` that failed, "Failed to write file …", a denied Edit/Write, EACCES/EROFS/ENOSPC
   * from a write tool), as its backend recorded them; absent when none did.
   */
  editFailures?: string[];
}

/** A search agent implementation. `run` resolves with an outcome; it throws only for bugs. */
export interface AgentBackend {
  name: string;
  run(task: AgentTask, signal: AbortSignal): Promise<AgentOutcome>;
}
