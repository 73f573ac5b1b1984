import { describe, expect, it } from 'vitest';
import { editFailedFlags, editFailureNote, editFailureNoteIn } from '../../../src/core/attempt/edit-failed.js';

describe('editFailureNote', () => {
  it('quotes the agent\'s first two distinct messages and counts the rest', () => {
    const note = editFailureNote(['Failed to write file /w/prog.js', 'Failed to write file /w/prog.js', 'Refusing to create helper binaries under temporary dir "/tmp"', 'third']);
    expect(note).toBe('the agent\'s edits failed: Failed to write file /w/prog.js / Refusing to create helper binaries under temporary dir "/tmp" (and 1 more)');
  });

  it('is null without a message', () => {
    expect(editFailureNote([])).toBeNull();
    expect(editFailureNote(['  '])).toBeNull();
  });
});

describe('editFailedFlags', () => {
  it('holds only for an attempt that changed nothing and whose edits failed', () => {
    expect(editFailedFlags(['no-change'], ['Failed to write file x'])).toBe(true);
    expect(editFailedFlags([], ['Failed to write file x'])).toBe(false);
    expect(editFailedFlags(['no-change'], [])).toBe(false);
  });
});

describe('editFailureNoteIn', () => {
  it('finds the note among other notes of the attempt', () => {
    expect(editFailureNoteIn('Claude Code refused 1 tool call(s); the agent\'s edits failed: Edit: p.js: denied')).toBe('the agent\'s edits failed: Edit: p.js: denied');
    expect(editFailureNoteIn('something else')).toBe('something else');
  });
});
