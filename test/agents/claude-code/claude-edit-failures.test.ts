import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClaudeStream } from '../../../src/agents/claude-code/claude-events.js';
import { editFailures } from '../../../src/agents/claude-code/claude-problems.js';

// Recorded from the pinned Claude Code (acceptEdits) against the fake Messages API, with
// ~/.claude/settings.json denying Edit and Write: as bare rules (the tools are then disabled) and
// as path rules `Edit(**)` (the call is refused by the rule).
const recorded = (name: string): string => readFileSync(join(import.meta.dirname, '../../fixtures/agent-transcripts', name), 'utf8');

describe('Claude Code transcripts of edits that failed', () => {
  it('reads a write tool disabled by the settings as an edit failure, in Claude Code\'s words', () => {
    expect(editFailures(parseClaudeStream(recorded('claude-edit-disabled.jsonl')))).toEqual([
      'Edit: prog.js: Error: No such tool available: Edit. Edit is disabled for this session, in subagents as well as here.',
    ]);
  });

  it('reads a write refused by a permission rule once, with the rule\'s message', () => {
    const stream = parseClaudeStream(recorded('claude-edit-denied.jsonl'));
    expect(stream.permissionDenials.map((d) => d.tool_name)).toEqual(['Edit']);
    expect(editFailures(stream)).toEqual(['Edit: prog.js: File is in a directory that is denied by your permission settings.']);
  });

  it('does not count the model\'s own mistakes or other tools', () => {
    const line = (value: unknown): string => JSON.stringify(value);
    const text = [
      line({ type: 'assistant', message: { content: [{ type: 'tool_use', id: 't1', name: 'Edit', input: { file_path: 'p.js' } }, { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'ls' } }] } }),
      line({ type: 'user', message: { content: [
        { type: 'tool_result', tool_use_id: 't1', is_error: true, content: '<tool_use_error>String to replace not found in file.</tool_use_error>' },
        { type: 'tool_result', tool_use_id: 't2', is_error: true, content: 'Permission denied' },
      ] } }),
    ].join('\n');
    expect(editFailures(parseClaudeStream(text))).toEqual([]);
  });

  it('reads EACCES of a read-only file', () => {
    const line = (value: unknown): string => JSON.stringify(value);
    const text = [
      line({ type: 'assistant', message: { content: [{ type: 'tool_use', id: 't1', name: 'Write', input: { file_path: 'p.js' } }] } }),
      line({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: [{ type: 'text', text: "EACCES: permission denied, open 'p.js'" }] }] } }),
    ].join('\n');
    expect(editFailures(parseClaudeStream(text))).toEqual(["Write: p.js: EACCES: permission denied, open 'p.js'"]);
  });
});
