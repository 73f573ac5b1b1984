import type { Direction } from '../../core/domain/score.js';
import { creditVariants, trialImproved, variantExcerpt } from '../../core/planning/instruction-variants.js';
import type { InstructionVariantRecord, RunStore } from '../../core/ports/run-store.js';
import type { InstructionRow } from '../../core/views/report.js';

/** The run's explorer instruction variants with their records, and the variant of each explorer (shepherd.metaPrompts). */
export const instructionRecords = (store: Pick<RunStore, 'instructions'>, runId: string, direction: Direction): { rows: Array<InstructionRow & { text: string }>; byAttempt: Map<string, string> } => {
  const variants: InstructionVariantRecord[] = store.instructions.list(runId);
  const rowsOfTrials = store.instructions.trials(runId);
  const trials = rowsOfTrials.map((t) => ({ variantId: t.variantId, backend: t.backend, seq: t.seq, improved: trialImproved(t, direction) }));
  const credits = new Map(creditVariants(variants, trials).map((c) => [c.id, c]));
  const base = variants[0]?.text ?? '';
  const rows = variants.map((v) => {
    const c = credits.get(v.id);
    return {
      id: v.id, parent: v.parent, origin: v.origin, excerpt: v.id === 'v1' ? 'the run\'s own explorer instructions' : variantExcerpt(v.text, base),
      attempts: c?.attempts ?? 0, improvements: c?.improvements ?? 0, credit: Math.round((c?.credit ?? 0) * 1000) / 1000, retired: v.retired, text: v.text,
    };
  });
  return { rows, byAttempt: new Map(rowsOfTrials.map((t) => [t.attemptId, t.variantId])) };
};
