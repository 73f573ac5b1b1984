import type { CheckoutEvaluation } from '../evaluation/evaluate-checkout.js';

/** What an attempt's evaluation came to, as the record step stores it (its own module: the feasibility check reads it, and the record step imports that check). */
export interface AttemptResult {
  kind: 'scored' | 'invalid' | 'failed';
  reason: string | null;
  head: string | null;
  diff: { files: number; insertions: number; deletions: number } | null;
  flags: string[];
  evaluation: CheckoutEvaluation | null;
}
