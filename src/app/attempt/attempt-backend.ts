import type { SwarmConfig } from '../../config-assembly/index.js';
import type { AgentBackend } from '../../core/ports/index.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunDeps } from '../context/run-context.js';

/** The run's backend, config and pool, from which an attempt's own agent is chosen. */
export type AttemptAgentDeps = Pick<RunDeps, 'backend' | 'config' | 'pool'>;

/**
 * The backend and config an attempt's agent runs under: its `agent.pool` entry (named by the
 * attempt's `backend`; an attempt recorded before the pool had this entry gets the first entry
 * that runs its role), else the run's single backend.
 */
export const attemptAgent = (ctx: AttemptAgentDeps, attempt: Pick<AttemptRecord, 'backend' | 'role'>): { backend: AgentBackend; config: SwarmConfig } => {
  const pool = ctx.pool ?? null;
  if (pool === null) return { backend: ctx.backend, config: ctx.config };
  const member = pool.member(attempt.backend) ?? pool.members.find((m) => attempt.role !== 'baseline' && m.roles.includes(attempt.role)) ?? pool.members[0];
  return member === undefined ? { backend: ctx.backend, config: ctx.config } : { backend: member.backend, config: member.config };
};
