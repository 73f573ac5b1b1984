import type { AttemptId, RunId, WaveId } from './ids.js';
import type { Direction } from './score.js';

export type Role = 'baseline' | 'explorer' | 'optimizer';

/** How an attempt relates to its parents (DESIGN: branch patterns). */
export type Operator = 'baseline' | 'explore' | 'fan-out' | 'deepen' | 'merge' | 'rebase' | 'repair';

/**
 * running: prepared and in flight (see `phase`); scored: valid evaluation with a score;
 * invalid: evaluated but the program failed (crash, no JSON, timeout, protected file changed);
 * failed: the agent or preparation failed, nothing to evaluate; interrupted: killed, re-planned.
 */
export type AttemptStatus = 'running' | 'scored' | 'invalid' | 'failed' | 'interrupted';

export type AttemptPhase = 'prepare' | 'agent' | 'commit' | 'evaluate' | 'record' | 'done';

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
}

export type WaveRef = { id: WaveId; runId: RunId; number: number };
