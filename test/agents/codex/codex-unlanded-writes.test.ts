import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseCodexStream } from '../../../src/agents/codex/codex-events.js';
import { undoUnlandedWrites, writeCauseAt } from '../../../src/agents/cli-common/unlanded-writes.js';
import { commitFiles, gitOutput } from '../../support/git-repo.js';
import { mountTmpfs } from '../../support/tmpfs.js';

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
const tmpfs = mountTmpfs('swarm-cause', '2m');
const mount = tmpfs.dir;

describe.skipIf(!tmpfs.mounted)('the cause swarm finds at a path codex could not write', () => {
  const file = join(mount, 'wt', 'prog.js');
  afterEach(() => {
    tmpfs.remount('rw');
    tmpfs.unfill();
  });
  afterAll(() => tmpfs.unmount());

  it('none on a writable disk with room', async () => {
    expect(await writeCauseAt(file)).toBeNull();
  });

  it('a read-only file system (EROFS)', async () => {
    tmpfs.remount('ro');
    expect(await writeCauseAt(file)).toBe(`the file system of ${mount} is read-only (EROFS)`);
  });

  it('a full disk (ENOSPC)', async () => {
    tmpfs.fill();
    expect(await writeCauseAt(file)).toMatch(new RegExp(`^the disk of ${mount} is full \\(ENOSPC, 0 KiB free\\)$`));
  });
});
