import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBounded } from '../../src/workspace/confined-fs.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-read-bounded-'));
  dirs.push(dir);
  return dir;
};

describe('readBounded', () => {
  it('reads a file of any size up to the bound whole, refuses one byte more, and never follows a link or waits on a FIFO', async () => {
    const dir = tempDir();
    const bound = 64 * 1024;
    const cases: Array<[string, string | Buffer]> = [['empty', ''], ['small', 'one line\n'], ['at-bound', Buffer.alloc(bound, 'x')], ['over-bound', Buffer.alloc(bound + 1, 'y')]];
    for (const [name, content] of cases) writeFileSync(join(dir, name), content);
    const text = async (name: string): Promise<string> => {
      const read = await readBounded(join(dir, name), bound);
      if (!read.ok) throw new Error(`${name}: ${read.problem}`);
      return read.bytes.toString('utf8');
    };
    expect(await text('empty')).toBe('');
    expect(await text('small')).toBe('one line\n');
    expect((await text('at-bound')).length).toBe(bound);
    expect(await readBounded(join(dir, 'over-bound'), bound)).toEqual({ ok: false, problem: 'too-large' });
    symlinkSync(join(dir, 'small'), join(dir, 'link'));
    expect(await readBounded(join(dir, 'link'), bound)).toEqual({ ok: false, problem: 'not-a-file' });
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(await readBounded(join(dir, 'fifo'), bound)).toEqual({ ok: false, problem: 'not-a-file' });
    expect(await readBounded(join(dir, 'missing'), bound)).toEqual({ ok: false, problem: 'missing' });
  });

  it('a bound of megabytes costs no more than the file read: a thousand reads of a small file under a 16 MiB bound allocate next to nothing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'findings.md'), '# Findings\n\nshort\n');
    const before = process.memoryUsage().arrayBuffers;
    const kept = [];
    // Each read's bytes are kept, so a buffer of the bound's size per read could not be collected.
    for (let i = 0; i < 1000; i++) kept.push(await readBounded(join(dir, 'findings.md'), 16 * 1024 * 1024));
    expect(kept.every((r) => r.ok)).toBe(true);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });
});
