import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseCodexStream } from '../../../src/agents/codex/codex-events.js';
import { undoUnlandedWrites, writeCauseAt } from '../../../src/agents/cli-common/unlanded-writes.js';
import { commitFiles, gitOutput } from '../../support/git-repo.js';

const line = (item: Record<string, unknown>): string => JSON.stringify({ type: 'item.completed', item });

describe('codex writes that did not land', () => {
  it('are the paths whose last file_change failed', () => {
    const stream = parseCodexStream([
      line({ id: 'i0', type: 'file_change', changes: [{ path: '/w/a.js', kind: 'update' }, { path: '/w/b.js', kind: 'update' }], status: 'failed' }),
      line({ id: 'i1', type: 'file_change', changes: [{ path: '/w/a.js', kind: 'update' }], status: 'completed' }),
      line({ id: 'i2', type: 'file_change', changes: [{ path: '/w/c.js', kind: 'add' }], status: 'failed' }),
    ].join('\n'));
    expect(stream.unlandedPaths).toEqual(['/w/b.js', '/w/c.js']);
    expect(stream.failedFileChanges).toEqual(['update /w/a.js, update /w/b.js', 'add /w/c.js']);
  });

  it('are put back as the commit has them; a file the commit lacks is removed; paths outside are left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-unlanded-'));
    const outside = join(tmpdir(), `swarm-unlanded-outside-${process.pid}`);
    try {
      gitOutput(dir, 'init', '-q', '-b', 'main');
      commitFiles(dir, { 'prog.js': 'const a = 1;\n', 'kept.js': 'kept\n' }, 'base');
      writeFileSync(join(dir, 'prog.js'), 'const a'); // truncated by a full disk
      writeFileSync(join(dir, 'new.js'), ''); // made, never written
      writeFileSync(join(dir, 'kept.js'), 'an edit that landed\n');
      writeFileSync(outside, 'x');
      await undoUnlandedWrites(dir, [join(dir, 'prog.js'), join(dir, 'new.js'), outside, '../escape.js']);
      expect(readFileSync(join(dir, 'prog.js'), 'utf8')).toBe('const a = 1;\n');
      expect(existsSync(join(dir, 'new.js'))).toBe(false);
      expect(readFileSync(join(dir, 'kept.js'), 'utf8')).toBe('an edit that landed\n');
      expect(existsSync(outside)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { force: true });
    }
  });
});

// What swarm finds at a path codex could not write: a small tmpfs made full or read-only (root only).
const mount = mkdtempSync(join(tmpdir(), 'swarm-cause-'));
const mounted = ((): boolean => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!mounted)('the cause swarm finds at a path codex could not write', () => {
  const file = join(mount, 'wt', 'prog.js');
  afterEach(() => {
    execFileSync('mount', ['-o', 'remount,rw', mount]);
    rmSync(join(mount, 'filler'), { force: true });
  });
  afterAll(() => {
    try {
      execFileSync('umount', ['-l', mount]);
    } finally {
      rmSync(mount, { recursive: true, force: true });
    }
  });

  it('none on a writable disk with room', async () => {
    expect(await writeCauseAt(file)).toBeNull();
  });

  it('a read-only file system (EROFS)', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    expect(await writeCauseAt(file)).toBe(`the file system of ${mount} is read-only (EROFS)`);
  });

  it('a full disk (ENOSPC)', async () => {
    const fd = openSync(join(mount, 'filler'), 'a');
    for (const size of [65536, 4096]) {
      try {
        for (;;) writeSync(fd, Buffer.alloc(size));
      } catch {
        // full at this size
      }
    }
    closeSync(fd);
    expect(await writeCauseAt(file)).toMatch(new RegExp(`^the disk of ${mount} is full \\(ENOSPC, 0 KiB free\\)$`));
  });
});
