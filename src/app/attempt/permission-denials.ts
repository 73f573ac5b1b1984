import { z } from 'zod';
import type { RunStore } from '../../core/ports/run-store.js';

/** The event recording the tool calls an agent CLI refused in one attempt. */
export const PERMISSION_DENIED_EVENT = 'agent.permission-denied';

const deniedData = z.object({ denials: z.array(z.string()) });

/** The refused tool calls of an attempt, as recorded (empty when none were). */
export const permissionDenialsOf = (store: Pick<RunStore, 'attemptEvents'>, runId: string, attemptId: string): string[] =>
  store.attemptEvents(runId, attemptId, [PERMISSION_DENIED_EVENT]).flatMap((event) => {
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      return [];
    }
    const parsed = deniedData.safeParse(value);
    return parsed.success ? parsed.data.denials : [];
  });
