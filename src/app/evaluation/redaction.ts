import type { AgentOutcome, EvalOutcome } from '../../core/ports/index.js';
import { addRedactedValues, redactLogFiles, redactSecrets } from '../project/env-secrets.js';

export { addRedactedValues, redactLogFiles, redactSecrets };

const orNull = (text: string | null): string | null => (text === null ? null : redactSecrets(text));

/** An evaluation outcome with its tails, feedback, reason and artifacts redacted. */
export const redactEvalOutcome = (outcome: EvalOutcome): EvalOutcome => ({
  ...outcome,
  stdoutTail: redactSecrets(outcome.stdoutTail),
  stderrTail: redactSecrets(outcome.stderrTail),
  feedback: orNull(outcome.feedback),
  reason: orNull(outcome.reason),
  artifacts: outcome.artifacts === null ? null : Object.fromEntries(Object.entries(outcome.artifacts).map(([key, value]) => [key, redactSecrets(value)])),
});

/** An agent outcome with its texts and stored conversation redacted. */
export const redactAgentOutcome = (outcome: AgentOutcome): AgentOutcome => ({
  ...outcome,
  summary: redactSecrets(outcome.summary),
  hypothesis: orNull(outcome.hypothesis),
  ...(outcome.error !== undefined ? { error: redactSecrets(outcome.error) } : {}),
  ...(outcome.historyJson !== undefined ? { historyJson: redactSecrets(outcome.historyJson) } : {}),
  ...(outcome.selfEvalFailures !== undefined ? { selfEvalFailures: outcome.selfEvalFailures.map(redactSecrets) } : {}),
  ...(outcome.permissionDenials !== undefined ? { permissionDenials: outcome.permissionDenials.map(redactSecrets) } : {}),
  ...(outcome.editFailures !== undefined ? { editFailures: outcome.editFailures.map(redactSecrets) } : {}),
});

