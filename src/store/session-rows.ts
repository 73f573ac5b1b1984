import type { SessionRef } from '../core/ports/index.js';
import type { Db } from './open-database.js';
import { prepared } from './prepared.js';

/** Records an agent's session (its backend's reference and, for API agents, the conversation) for forks. */
export const saveSession = (db: Db, input: { attemptId: string; ref: SessionRef; parentSessionId: string | null; messagesJson: string | null }, now: number): void => {
  prepared(
    db,
    `INSERT OR REPLACE INTO sessions (id, attempt_id, backend, ref, parent_session_id, messages_json, cumulative_cost_usd, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(`${input.ref.backend}:${input.ref.id}`, input.attemptId, input.ref.backend, input.ref.id, input.parentSessionId, input.messagesJson, input.ref.cumulativeCostUsd ?? null, now);
};

/** The stored conversation of a session (`messages_json`), or null. */
export const sessionHistory = (db: Db, ref: SessionRef): string | null => {
  const value: unknown = prepared(db, 'SELECT messages_json FROM sessions WHERE id = ?', { pluck: true }).get(`${ref.backend}:${ref.id}`);
  return typeof value === 'string' ? value : null;
};
