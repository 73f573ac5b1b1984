import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentOutcome, EvalOutcome } from '../../core/ports/index.js';
import { addRedactedValues, carriedSecretCount, redactSecrets } from '../setup/env-secrets.js';

export { addRedactedValues, redactSecrets };

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
});

/**
 * Rewrites the `.log` and `.json` files directly in `dir` (an evaluation's or a setup's output)
 * with carried-in secrets redacted: a program that prints a value of a carried `.env` must not
 * leave it in swarm's logs. Nothing to do while no file was carried in.
 */
export const redactLogFiles = async (dir: string): Promise<void> => {
  if (carriedSecretCount() === 0) return;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.log') || n.endsWith('.json'))) {
    const file = join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    const redacted = redactSecrets(text);
    if (redacted !== text) await writeFile(file, redacted);
  }
};
