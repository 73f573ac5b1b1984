import { MAX_VARIANT_CHARS, type VariantCredit } from './instruction-variants.js';

/** What the Shepherd's model is shown to write a new explorer instruction variant. */
export interface WriterInput {
  task: string;
  /** Active variants strongest first, with their records; the one being retired last. */
  variants: ReadonlyArray<{ id: string; text: string; record: VariantCredit }>;
  retiring: string;
}

export const WRITER_SYSTEM = [
  'You are the Shepherd of a search by coding agents. Explorer agents each get one variant of the explorer instructions;',
  'each variant is credited with how often its explorers improved on their parent program.',
  'Write ONE new variant of the explorer instructions that should do better than the variants shown:',
  'keep what the strongest variants share, drop what the weakest one adds, and add one new idea of strategy.',
  'Answer with the text of the new instructions only, between <instructions> and </instructions>.',
].join(' ');

const record = (c: VariantCredit): string => `${c.finished} explorers finished, ${c.improvements} improved, credit ${c.credit.toFixed(3)}`;

/** The user turn: the task, then each variant with its record. */
export const writerPrompt = (input: WriterInput): string =>
  [
    `The task of the search:\n${input.task.trim()}`,
    ...input.variants.map((v) => `Variant ${v.id}${v.id === input.retiring ? ' (weakest, being replaced)' : ''}: ${record(v.record)}\n<instructions>\n${v.text.trim()}\n</instructions>`),
    'Write the new variant now.',
  ].join('\n\n');

/** The new variant from the model's answer: the tagged text (or the whole answer), bounded; null when empty. */
export const parseWriterReply = (reply: string): string | null => {
  const tagged = /<instructions>([\s\S]*?)<\/instructions>/.exec(reply);
  const text = (tagged?.[1] ?? reply).trim();
  return text.length === 0 ? null : text.slice(0, MAX_VARIANT_CHARS);
};
