/** The audit flag of an attempt that changed nothing because the agent's own edits failed or were refused. */
export const EDIT_FAILED = 'edit-failed';

/** How an attempt's note on its failed edits starts (the error column may hold other notes before it). */
export const EDIT_FAILURE_NOTE = "the agent's edits failed: ";

/** The note on failed edits within an attempt's error text (from {@link EDIT_FAILURE_NOTE} on), or the whole text. */
export const editFailureNoteIn = (error: string): string => {
  const at = error.indexOf(EDIT_FAILURE_NOTE);
  return at === -1 ? error : error.slice(at);
};

/** How many of the agent's messages an attempt's note quotes. */
const QUOTED = 2;
const MAX_MESSAGE = 240;

const clip = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
};

/**
 * The note an attempt records when its agent's edits failed, quoting the agent's own messages
 * ("Failed to write file prog.js", "Edit denied: prog.js"), most telling first; null when none did.
 */
export const editFailureNote = (failures: readonly string[]): string | null => {
  const distinct = [...new Set(failures.map(clip).filter((m) => m !== ''))];
  if (distinct.length === 0) return null;
  const quoted = distinct.slice(0, QUOTED).join(' / ');
  const more = distinct.length > QUOTED ? ` (and ${distinct.length - QUOTED} more)` : '';
  return `${EDIT_FAILURE_NOTE}${quoted}${more}`;
};

/** True when an attempt is flagged {@link EDIT_FAILED}: it made no change and its agent's edits failed. */
export const editFailedFlags = (flags: readonly string[], failures: readonly string[]): boolean =>
  flags.includes('no-change') && failures.some((f) => f.trim() !== '');
