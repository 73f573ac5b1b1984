import { describe, expect, it } from 'vitest';
import { runSpaceLine, runSpaceOf, trimmedOf } from '../../../src/core/views/run-space.js';

const SPACE = { logBytes: 5 * 1024 * 1024, logCapBytes: 6 * 1024 * 1024, logsDroppedBytes: 30 * 1024 * 1024, logFilesTrimmed: 12, worktrees: 3, worktreeBytes: 40_960, dbBytes: 400_000, at: 1 };

describe('the recorded space of a run', () => {
  it('reads back what was recorded, and nothing else', () => {
    expect(runSpaceOf(JSON.stringify(SPACE))).toEqual(SPACE);
    expect(runSpaceOf(JSON.stringify({ ...SPACE, worktreeBytes: null }))?.worktreeBytes).toBeNull();
    expect(runSpaceOf(JSON.stringify({ ...SPACE, logBytes: -1 }))).toBeNull();
    expect(runSpaceOf(JSON.stringify({ ...SPACE, dbBytes: '1' }))).toBeNull();
    expect(runSpaceOf('not json')).toBeNull();
    expect(runSpaceOf(null)).toBeNull();
  });

  it('says it in one line: logs against the cap with what was cut, worktrees, db', () => {
    expect(runSpaceLine(SPACE)).toBe('logs 5.0 MiB of 6.0 MiB (log.maxRunLogBytes), 30.0 MiB cut from 12 files · worktrees 3 × ~40 KiB · db 391 KiB');
    expect(runSpaceLine({ ...SPACE, logCapBytes: 0, logsDroppedBytes: 0, worktreeBytes: null })).toBe('logs 5.0 MiB · worktrees 3 · db 391 KiB');
  });

  it('reads what a cut event says, zero when unreadable', () => {
    expect(trimmedOf('{"files":2,"droppedBytes":10,"capBytes":5}')).toEqual({ files: 2, droppedBytes: 10 });
    expect(trimmedOf('{"files":"2"}')).toEqual({ files: 0, droppedBytes: 0 });
    expect(trimmedOf('[')).toEqual({ files: 0, droppedBytes: 0 });
  });
});
