import type { SwarmConfig } from '../../config-assembly/index.js';
import { createRng, deriveSeed } from '../../core/domain/random.js';
import type { RunStore } from '../../core/ports/run-store.js';
import {
  chooseVariant, creditVariants, dueReplacement, initialVariants, recombine, trialImproved,
  type InstructionVariant, type Replacement, type VariantTrial,
} from '../../core/planning/instruction-variants.js';
import type { InstructionGiver } from '../context/run-context.js';
import type { Logger } from '../project/logger.js';

/** Writes a new variant with the Shepherd's model; null when it gave none (the pool then recombines). */
export type VariantWriter = (input: { variants: readonly InstructionVariant[]; replacement: Replacement; trials: readonly VariantTrial[] }, signal: AbortSignal) => Promise<string | null>;

export interface InstructionPoolDeps {
  runId: string;
  config: Pick<SwarmConfig, 'objective' | 'shepherd'>;
  store: RunStore;
  logger: Logger;
  /** The run's own explorer instructions: the first variant and the base of recombination. */
  base: string;
  writer: VariantWriter | null;
}

const trialsOf = (deps: InstructionPoolDeps): VariantTrial[] =>
  deps.store.instructions.trials(deps.runId).map((row) => ({ variantId: row.variantId, backend: row.backend, seq: row.seq, improved: trialImproved(row, deps.config.objective.direction) }));

/** The variant replacing the retired one: the model's when it writes one, else recombined from the best two (seeded). */
const writeVariant = async (deps: InstructionPoolDeps, variants: InstructionVariant[], replacement: Replacement, trials: VariantTrial[], signal: AbortSignal): Promise<{ text: string; origin: 'model' | 'recombined' }> => {
  const existing = variants.map((v) => v.text);
  const written = deps.writer === null ? null : await deps.writer({ variants, replacement, trials }, signal);
  if (written !== null && !existing.some((t) => t.trim() === written.trim())) return { text: written, origin: 'model' };
  const parents = replacement.ranked.slice(0, 2).flatMap((id) => variants.find((v) => v.id === id)?.text ?? []);
  const rng = createRng(deriveSeed(deps.config.shepherd.seed, 7_000_000 + variants.length));
  return { text: recombine(deps.base, parents, existing, rng), origin: 'recombined' };
};

/** Makes the replacement that is due, if one is: the weakest retired, a new variant added. */
const replaceWeakest = async (deps: InstructionPoolDeps, signal: AbortSignal): Promise<void> => {
  const variants = deps.store.instructions.list(deps.runId);
  const trials = trialsOf(deps);
  const replacement = dueReplacement(variants, trials);
  if (replacement === null) return;
  const { text, origin } = await writeVariant(deps, variants, replacement, trials, signal);
  const id = `v${variants.length + 1}`;
  const parent = replacement.ranked[0] ?? null;
  const credits = creditVariants(variants, trials);
  deps.store.transaction(() => {
    deps.store.instructions.retire(deps.runId, replacement.retire);
    deps.store.instructions.add(deps.runId, { id, parent, text, origin });
    deps.store.addEvent(deps.runId, 'instructions.replaced', { retired: replacement.retire, added: id, parent, origin, credits });
  });
  deps.logger.info({ retired: replacement.retire, added: id, origin }, 'explorer instructions: weakest variant replaced');
};

/**
 * The run's pool of explorer instructions (shepherd.metaPrompts): seeded with the built-in
 * variants on first use (a resumed run goes on with its stored ones), one explorer at a time so
 * two starting agents never make the same replacement twice.
 */
export const createInstructionPool = (deps: InstructionPoolDeps): InstructionGiver => {
  let queue: Promise<unknown> = Promise.resolve();
  const give = async (attempt: { id: string; backend: string }, signal: AbortSignal): Promise<string> => {
    if (deps.store.instructions.list(deps.runId).length === 0) {
      deps.store.transaction(() => {
        for (const variant of initialVariants(deps.base)) deps.store.instructions.add(deps.runId, variant);
      });
    }
    await replaceWeakest(deps, signal);
    const variants = deps.store.instructions.list(deps.runId);
    const chosen = chooseVariant(variants, trialsOf(deps));
    const variant = variants.find((v) => v.id === chosen);
    if (variant === undefined) return deps.base;
    deps.store.instructions.assign(deps.runId, attempt.id, variant.id);
    return variant.text;
  };
  return {
    give: (attempt, signal) => {
      const next = queue.then(() => give(attempt, signal));
      queue = next.catch(() => undefined);
      return next;
    },
  };
};
