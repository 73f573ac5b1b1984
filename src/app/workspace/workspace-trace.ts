import { z } from 'zod';
import type { WorkspaceTrace } from '../../core/views/report.js';
import type { RunStore } from '../../core/ports/index.js';
import { PROVISIONED_EVENT } from './provision-step.js';

const traceSchema = z.object({
  durationMs: z.number(),
  copied: z.number(),
  linked: z.array(z.string()),
  submodules: z.array(z.string()),
  setup: z.object({ key: z.string().nullable(), ran: z.boolean(), reused: z.boolean(), durationMs: z.number(), failed: z.boolean() }),
});

/** The attempt's provisioning as recorded (the last one, when it was provisioned more than once), or null. */
export const workspaceTraceOf = (store: RunStore, runId: string, attemptId: string): WorkspaceTrace | null => {
  const event = store.attemptEvents(runId, attemptId, [PROVISIONED_EVENT]).at(-1);
  if (event === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(event.data);
  } catch {
    return null;
  }
  const parsed = traceSchema.safeParse(value);
  if (!parsed.success) return null;
  const { setup, ...rest } = parsed.data;
  return { ...rest, setup: setup.key === null ? null : { ran: setup.ran, reused: setup.reused, durationMs: setup.durationMs, failed: setup.failed } };
};
