import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedDiskRefusal } from '../../../src/app/attempt/shared-disk-refusal.js';
import type { AttemptRecord } from '../../../src/store/records.js';

// `.swarm` on a small tmpfs (root only): whether an edit-failed attempt is the driver's disk-full stop.
const mount = mkdtempSync(join(tmpdir(), 'swarm-shared-disk-'));
const mounted = ((): boolean => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const attempt = (flags: string[], error: string | null): AttemptRecord => ({ id: 'a2', flags, error }) as unknown as AttemptRecord;
const EROFS_NOTE = "the agent's edits failed: cannot write prog.js: EROFS: read-only file system, open 'prog.js'";

describe.skipIf(!mounted)('sharedDiskRefusal', () => {
  const swarmDir = join(mount, '.swarm');
  mkdirSync(swarmDir, { recursive: true });
  afterAll(() => {
    try {
      execFileSync('umount', ['-l', mount]);
    } finally {
      rmSync(mount, { recursive: true, force: true });
    }
  });

  it('none while .swarm\'s disk takes writes, or for an attempt that is no disk refusal', async () => {
    expect(await sharedDiskRefusal(attempt(['no-change', 'edit-failed'], EROFS_NOTE), swarmDir)).toBeNull();
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    try {
      expect(await sharedDiskRefusal(attempt(['no-change'], EROFS_NOTE), swarmDir)).toBeNull();
      expect(await sharedDiskRefusal(attempt(['no-change', 'edit-failed'], "the agent's edits failed: Edit: prog.js: denied by Claude Code's permission settings"), swarmDir)).toBeNull();
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mount]);
    }
  });

  it('the disk-full stop\'s error when .swarm\'s disk refuses too', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    try {
      const error = await sharedDiskRefusal(attempt(['no-change', 'edit-failed'], EROFS_NOTE), swarmDir);
      expect(error).toMatchObject({ code: 'EROFS', path: swarmDir });
      expect(error?.message).toBe(`EROFS: a2's agent could not write its worktree, and the file system of ${swarmDir} is read-only (EROFS)`);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mount]);
    }
  });
});
