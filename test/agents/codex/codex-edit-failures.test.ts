import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCodexStream } from '../../../src/agents/codex/codex-events.js';
import { codexEditFailures, withoutCodexNoise } from '../../../src/agents/codex/codex-stderr.js';

// Recorded from codex 0.x (the pinned devDependency) under `--sandbox workspace-write` with its
// CODEX_HOME under /tmp: the sandbox helper is refused and the one apply_patch fails.
const recorded = (name: string): string => readFileSync(join(import.meta.dirname, '../../fixtures/agent-transcripts', name), 'utf8');

describe('codex transcripts of edits that failed', () => {
  it('reads the failed file_change item of the event stream', () => {
    const stream = parseCodexStream(recorded('codex-failed-edit.jsonl'));
    expect(stream.failedFileChanges).toEqual(['update /tmp/swarm-cli-agent-7wCHAu/worktrees/a1/prog.js']);
    expect(stream.turnFailed).toBe(false);
  });

  it('reads the helper\'s refusal (the cause, first) and the failed write from stderr', () => {
    const failures = codexEditFailures(recorded('codex-failed-edit.stderr.txt'));
    expect(failures).toEqual([
      'codex could not create its sandbox helper: Refusing to create helper binaries under temporary dir "/tmp" (codex_home: AbsolutePathBuf("/tmp/codexhome-auAmks")); point CODEX_HOME at a folder outside the temporary dir',
      'Failed to write file /tmp/swarm-cli-agent-7wCHAu/worktrees/a1/prog.js',
    ]);
  });

  it('no longer hides the helper\'s refusal as noise', () => {
    expect(withoutCodexNoise(recorded('codex-failed-edit.stderr.txt'))).toContain('Refusing to create helper binaries');
  });

  it('finds nothing in a run whose edits landed', () => {
    const ok = [
      JSON.stringify({ type: 'item.completed', item: { id: 'i0', type: 'file_change', changes: [{ path: '/w/prog.js', kind: 'update' }], status: 'completed' } }),
      JSON.stringify({ type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 1 } }),
    ].join('\n');
    expect(parseCodexStream(ok).failedFileChanges).toEqual([]);
    expect(codexEditFailures('Reading additional input from stdin...\n')).toEqual([]);
  });
});
