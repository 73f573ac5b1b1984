import { join } from 'node:path';
import { z } from 'zod';

/**
 * The `swarm eval` hand-off: an agent that cannot run the evaluator itself (codex's sandbox
 * refuses child processes with piped stdio, and `.swarm/` is read-only there) asks the running
 * swarm driver to evaluate its attempt's checkout, through files in a folder of the attempt's own
 * worktree (the one place every sandbox lets the agent write).
 *
 *   client: writes `req-<id>.json` (tmp + rename)
 *   driver: renames it to `busy-<id>.json` (the acknowledgement), touches it while it works,
 *           writes `res-<id>.json` (tmp + rename) and removes the busy file
 *   client: reads and removes `res-<id>.json`
 *
 * The request names nothing but an optional seed: the driver decides which checkout, evaluator
 * and attempt, so a request cannot forge a score.
 */

/** Set in an attempt's environment while the driver listens: the hand-off folder. */
export const HANDOFF_ENV = 'SWARM_EVAL_HANDOFF';

/** The folder inside a worktree; `.swarm/` there ignores itself (a `.gitignore` of `*`). */
export const handoffDir = (worktree: string): string => join(worktree, '.swarm', 'eval');

export const MAX_REQUEST_BYTES = 4 * 1024;
export const MAX_RESPONSE_BYTES = 1024 * 1024;
/** Longest text field in a response (reason, feedback), in characters. */
export const MAX_TEXT_CHARS = 16 * 1024;
/** Requests one attempt may have waiting; more are answered with an error. */
export const MAX_PENDING = 8;
/** The client falls back to evaluating itself when no driver takes its request this fast. */
export const ACK_TIMEOUT_MS = 10_000;
/** The driver touches a busy file this often; a busy file older than STALE_MS means it died. */
export const HEARTBEAT_MS = 2_000;
export const STALE_MS = 30_000;
/**
 * The client touches its alive file this often while it waits; one older than CLIENT_STALE_MS (or
 * gone) means `swarm eval` was killed (an agent's tool timeout): the driver stops that evaluation
 * and leaves the worktree as the agent has it, since the agent may be editing it again.
 */
export const CLIENT_HEARTBEAT_MS = 1_000;
export const CLIENT_STALE_MS = 5_000;
/** The abort reason of an evaluation whose `swarm eval` stopped waiting. */
export const CLIENT_GONE = 'the swarm eval that asked for this evaluation is gone';

const REQUEST_ID = /^[0-9a-f]{16}$/;
export const requestIdSchema = z.string().regex(REQUEST_ID);

export const handoffFiles = (dir: string, id: string) => ({
  request: join(dir, `req-${id}.json`),
  busy: join(dir, `busy-${id}.json`),
  alive: join(dir, `alive-${id}.json`),
  response: join(dir, `res-${id}.json`),
  responseTmp: join(dir, `res-${id}.tmp`),
});

/** The id of a request file name, or null for anything else in the folder. */
export const requestIdOf = (fileName: string): string | null => /^req-([0-9a-f]{16})\.json$/.exec(fileName)?.[1] ?? null;

export const handoffRequestSchema = z.strictObject({
  version: z.literal(1),
  seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type HandoffRequest = z.infer<typeof handoffRequestSchema>;

const text = z.string().max(MAX_TEXT_CHARS);
export const evalResultSchema = z.object({
  attempt: z.string().nullable(),
  checkout: z.string(),
  valid: z.boolean(),
  score: z.number().nullable(),
  metric: z.string(),
  direction: z.enum(['maximize', 'minimize']),
  /** The SWARM_SEED the evaluator ran with. */
  seed: z.number().int().nonnegative(),
  metrics: z.record(z.string(), z.number()),
  reason: text.nullable(),
  feedback: text.nullable(),
  stages: z.array(z.object({ stage: z.string(), valid: z.boolean(), score: z.number().nullable(), durationMs: z.number() })).max(64),
  recorded: z.boolean(),
  evaluatedBy: z.enum(['driver', 'self']),
});

export const handoffResponseSchema = z.discriminatedUnion('ok', [
  z.object({ version: z.literal(1), ok: z.literal(true), result: evalResultSchema }),
  z.object({ version: z.literal(1), ok: z.literal(false), error: text }),
]);
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;

/** Shortens a text field to the protocol's bound. */
export const boundText = (value: string | null): string | null =>
  value === null || value.length <= MAX_TEXT_CHARS ? value : `${value.slice(0, MAX_TEXT_CHARS - 1)}…`;
