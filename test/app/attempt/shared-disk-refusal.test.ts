import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedDiskRefusal } from '../../../src/app/attempt/shared-disk-refusal.js';
import type { AttemptRecord } from '../../../src/store/records.js';
import { mountTmpfs } from '../../support/tmpfs.js';

// `.swarm` on a small tmpfs (root only): whether an edit-failed attempt is the driver's disk-full stop.
const tmpfs = mountTmpfs('swarm-shared-disk', '2m');

const attempt = (flags: string[], error: string | null): AttemptRecord => ({ id: 'a2', flags, error }) as unknown as AttemptRecord;
const EROFS_NOTE = "the agent's edits failed: cannot write prog.js: EROFS: read-only file system, open 'prog.js'";

describe.skipIf(!tmpfs.mounted)('sharedDiskRefusal', () => {
  const swarmDir = join(tmpfs.dir, '.swarm');
  mkdirSync(swarmDir, { recursive: true });
  afterAll(() => tmpfs.unmount());

  it('none while .swarm\'s disk takes writes, or for an attempt that is no disk refusal', async () => {
    expect(await sharedDiskRefusal(attempt(['no-change', 'edit-failed'], EROFS_NOTE), swarmDir)).toBeNull();
    tmpfs.remount('ro');
    try {
      expect(await sharedDiskRefusal(attempt(['no-change'], EROFS_NOTE), swarmDir)).toBeNull();
      expect(await sharedDiskRefusal(attempt(['no-change', 'edit-failed'], "the agent's edits failed: Edit: prog.js: denied by Claude Code's permission settings"), swarmDir)).toBeNull();
    } finally {
      tmpfs.remount('rw');
    }
  });

  it('the disk-full stop\'s error when .swarm\'s disk refuses too', async () => {
    tmpfs.remount('ro');
    try {
      const error = await sharedDiskRefusal(attempt(['no-change', 'edit-failed'], EROFS_NOTE), swarmDir);
      expect(error).toMatchObject({ code: 'EROFS', path: swarmDir });
      expect(error?.message).toBe(`EROFS: a2's agent could not write its worktree, and the file system of ${swarmDir} is read-only (EROFS)`);
    } finally {
      tmpfs.remount('rw');
    }
  });
});
