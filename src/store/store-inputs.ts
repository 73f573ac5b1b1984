import type { SessionRef } from '../core/ports.js';
import type { AttemptPhase, AttemptStatus, Operator, Role, Usage } from '../core/types.js';

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
  startedAt?: number | null;
  finishedAt?: number | null;
}
