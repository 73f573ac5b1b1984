import { secretRedactor, secretValues } from '../../core/trust/redact-secrets.js';

let redactor: ((text: string) => string) | null = null;

/**
 * Replaces the values of secret-looking variables of swarm's own environment: the second line of
 * defence behind the evaluator's allow-listed environment, applied before text is stored or logged
 * (the run log's lines, evaluation and agent outcomes).
 */
export const redactSecrets = (text: string): string => {
  redactor ??= secretRedactor(secretValues(process.env));
  return redactor(text);
};
