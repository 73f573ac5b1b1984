import type { AttemptId, RunId } from './ids.js';
import type { Direction } from './score.js';

export type Role = 'baseline' | 'explorer' | 'optimizer';

/** How an attempt relates to its parents (DESIGN: branch patterns). */
export type Operator = 'baseline' | 'explore' | 'fan-out' | 'deepen' | 'merge' | 'rebase' | 'repair' | 'import';

/**
 * running: prepared and in flight (see `phase`); scored: valid evaluation with a score;
 * invalid: evaluated but the program failed (crash, no JSON, timeout, protected file changed);
 * failed: the agent or preparation failed, nothing to evaluate; interrupted: killed, re-planned.
 */
export type AttemptStatus = 'running' | 'scored' | 'invalid' | 'failed' | 'interrupted';

/** `waiting`: parked at a rate or usage limit of its backend, to continue after the reset. */
export type AttemptPhase = 'prepare' | 'waiting' | 'agent' | 'commit' | 'evaluate' | 'record' | 'done';

export type EdgeKind = 'parent' | 'merge' | 'informed_by';

export type RunStatus = 'running' | 'finished' | 'interrupted' | 'failed';

/** What the Shepherd plans: one new attempt. */
export interface AttemptSpec {
  /** First parent is the physical git parent; others are merged in. */
  parents: AttemptId[];
  role: Exclude<Role, 'baseline'>;
  operator: Operator;
  backend: string;
  /** Short context from the Shepherd: what was explored, never which idea to pursue. */
  context: string;
  informedBy: AttemptId[];
  seed: number;
}

/** An attempt as the policies and reports see it. */
export interface AttemptView {
  id: AttemptId;
  runId: RunId;
  wave: number;
  role: Role;
  operator: Operator;
  backend: string;
  parents: AttemptId[];
  status: AttemptStatus;
  score: number | null;
  hypothesis: string | null;
  createdAt: number;
  finishedAt: number | null;
  costUsd: number;
  /** Declared sources (`informed_by` edges): inspirations, the attempt a rebase realizes. */
  informedBy?: AttemptId[];
  /** Metrics of the official evaluation (null when not evaluated). */
  metrics?: Record<string, number> | null;
  /** Per-instance scores of the official evaluation, when the evaluator reports `instances`. */
  instances?: Record<string, number> | null;
  /** Audit flags (`no-change`, `comments-only`, `output-unchanged`, `reused:aN`, ...). */
  flags?: string[];
  /** Lines inserted plus deleted against the attempt's base. */
  diffSize?: number | null;
  /** Where and which way its code differs from the baseline (core/code-signature.ts signatureKey), once recorded. */
  codeSignature?: string | null;
  /** Tokens (input + output) the attempt's agent used, for the run's token budget. */
  tokens?: number;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export const zeroUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, costUsd: 0 });

export interface Objective {
  metric: string;
  direction: Direction;
}

export interface Budget {
  maxAttempts: number;
  maxWaves: number;
  /** Wall clock in ms; 0 means unlimited. */
  maxWallMs: number;
  /** USD the agents of the run may spend; 0 or absent means unlimited. */
  maxCostUsd?: number;
  /** Tokens (input + output) the agents of the run may use; 0 or absent means unlimited. */
  maxTokens?: number;
  /** Evaluator runs of the run (every kind: baseline, official, confirm, an agent's `swarm eval`); 0 or absent means unlimited. */
  maxEvaluations?: number;
}
