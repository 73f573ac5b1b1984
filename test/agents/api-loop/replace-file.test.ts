import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceFile } from '../../../src/agents/api-loop/replace-file.js';
import { mountTmpfs } from '../../support/tmpfs.js';

const dir = mkdtempSync(join(tmpdir(), 'swarm-replace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('replaceFile', () => {
  it('replaces a file\'s content, shorter or longer, and creates a missing one', async () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'a long first content\n');
    expect(await replaceFile(file, 'short', { followLinks: false })).toEqual({ ok: true });
    expect(readFileSync(file, 'utf8')).toBe('short');
    expect(await replaceFile(join(dir, 'new.txt'), 'é'.repeat(5000), { followLinks: false })).toEqual({ ok: true });
    expect(readFileSync(join(dir, 'new.txt'), 'utf8')).toBe('é'.repeat(5000));
  });

  it('refuses a symlink unless told to follow it', async () => {
    writeFileSync(join(dir, 'target.txt'), 'target');
    symlinkSync(join(dir, 'target.txt'), join(dir, 'link.txt'));
    const refused = await replaceFile(join(dir, 'link.txt'), 'x', { followLinks: false });
    expect(refused).toMatchObject({ ok: false, restored: true, error: { code: 'ELOOP' } });
    expect(readFileSync(join(dir, 'target.txt'), 'utf8')).toBe('target');
    expect(await replaceFile(join(dir, 'link.txt'), 'followed', { followLinks: true })).toEqual({ ok: true });
    expect(readFileSync(join(dir, 'target.txt'), 'utf8')).toBe('followed');
  });
});

// A full file system (a small tmpfs: root only) refuses the write part-way; the file is put back.
const tmpfs = mountTmpfs('swarm-replace-full', '1m');
const mount = tmpfs.dir;

describe.skipIf(!tmpfs.mounted)('replaceFile on a full disk', () => {
  afterAll(() => tmpfs.unmount());

  it('puts the old content back, or removes the file it made, and reports ENOSPC', async () => {
    const file = join(mount, 'prog.js');
    writeFileSync(file, 'const a = 1;\n');
    tmpfs.fill();
    const grown = await replaceFile(file, 'x'.repeat(64 * 1024), { followLinks: false });
    expect(grown).toMatchObject({ ok: false, restored: true, error: { code: 'ENOSPC' } });
    expect(readFileSync(file, 'utf8')).toBe('const a = 1;\n');
    const made = await replaceFile(join(mount, 'new.js'), 'x'.repeat(64 * 1024), { followLinks: false });
    expect(made).toMatchObject({ ok: false, restored: true });
    expect(existsSync(join(mount, 'new.js'))).toBe(false);
  });
});
