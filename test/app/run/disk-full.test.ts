import { describe, expect, it } from 'vitest';
import { SwarmError } from '../../../src/core/domain/errors.js';
import { diskFullIn, diskFullMessage, mountPointOf } from '../../../src/app/run/disk-full.js';

const errno = (code: string, path?: string): Error => Object.assign(new Error(`${code}: failed`), { code, ...(path === undefined ? {} : { path }) });

describe('a full disk behind an error', () => {
  it('is found by code anywhere in the cause chain, with the file', () => {
    expect(diskFullIn(new SwarmError('INTERNAL', 'capture', { cause: errno('ENOSPC', '/x/out.log') }))).toEqual({ code: 'ENOSPC', path: '/x/out.log' });
    expect(diskFullIn(errno('EDQUOT'))).toEqual({ code: 'EDQUOT', path: null });
    expect(diskFullIn(errno('EROFS'))).toEqual({ code: 'EROFS', path: null });
    expect(diskFullIn(errno('SQLITE_FULL'))).toEqual({ code: 'SQLITE_FULL', path: null });
  });

  it('is found in the text git prints, and not in other failures', () => {
    expect(diskFullIn(new SwarmError('GIT_FAILED', '`git commit` failed: fatal: unable to write new index file: No space left on device'))).toEqual({ code: 'ENOSPC', path: null });
    expect(diskFullIn(new SwarmError('GIT_FAILED', '`git commit` failed: nothing to commit'))).toBeNull();
    expect(diskFullIn(errno('EACCES'))).toBeNull();
    expect(diskFullIn('ENOSPC')).toBeNull();
  });

  it('names the file system and the fix in one line', () => {
    expect(mountPointOf('/proc/self/status')).toBe('/proc');
    const line = diskFullMessage({ code: 'SQLITE_FULL', path: null }, '/repo', '/repo/.swarm');
    expect(line).toMatch(/^the file system at \/\S* is full \(SQLITE_FULL(, [\d.]+ \w+ free)?\) writing the run database \(\.swarm\/swarm\.db\); the run is kept as it was: free space there, then `swarm run` resumes where it stopped$/);
    expect(line.split('\n')).toHaveLength(1);
  });
});
