import type { SwarmConfig } from '../../config-assembly/index.js';
import { creditVariants } from '../../core/planning/instruction-variants.js';
import { parseWriterReply, WRITER_SYSTEM, writerPrompt } from '../../core/planning/instruction-writer-prompt.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { Logger } from '../project/logger.js';
import type { VariantWriter } from './instruction-pool.js';

/** Whether the Shepherd has a model to write instruction variants with: the llm policy's, or one named in shepherd.llm.model. */
export const shepherdHasModel = (config: Pick<SwarmConfig, 'shepherd'>): boolean => config.shepherd.policy === 'llm' || config.shepherd.llm.model !== null;

/**
 * A writer of instruction variants over the Shepherd's model; its usage is recorded as a
 * `shepherd.llm` event (so the cost budget counts it), a failure as `instructions.writer-failed`.
 */
export const createVariantWriter = (deps: { runId: string; config: SwarmConfig; task: string; store: RunStore; logger: Logger }): VariantWriter => async ({ variants, replacement, trials }, signal) => {
  const model = await (await import('./shepherd-model.js')).createShepherdModel(deps.config);
  const credits = creditVariants(variants, trials);
  const shown = [...replacement.ranked, replacement.retire].flatMap((id) => {
    const variant = variants.find((v) => v.id === id);
    const record = credits.find((c) => c.id === id);
    return variant && record ? [{ id, text: variant.text, record }] : [];
  });
  const reply = await model.ask({ system: WRITER_SYSTEM, turns: [{ role: 'user', text: writerPrompt({ task: deps.task, variants: shown, retiring: replacement.retire }) }] }, signal);
  if (!reply.ok) {
    deps.store.addEvent(deps.runId, 'instructions.writer-failed', { error: reply.error });
    deps.logger.warn({ error: reply.error }, 'the Shepherd model wrote no instruction variant; recombining instead');
    return null;
  }
  deps.store.addEvent(deps.runId, 'shepherd.llm', { purpose: 'instructions', ...reply.usage });
  return parseWriterReply(reply.text);
};
