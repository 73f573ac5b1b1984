import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileTail, TailBuffer } from '../../src/process/output-tail.js';
import { makeTempDir } from '../eval/support.js';

describe('TailBuffer', () => {
  it('keeps only the last bytes across many chunks', () => {
    const tail = new TailBuffer(10);
    for (let i = 0; i < 100; i++) tail.push(Buffer.from(`line ${i}\n`));
    expect(tail.toString()).toBe('8\nline 99\n');
  });

  it('keeps everything when under the limit, nothing when the limit is 0', () => {
    const tail = new TailBuffer(100);
    tail.push(Buffer.from('ab'));
    tail.push(Buffer.from('cd'));
    expect(tail.toString()).toBe('abcd');
    const none = new TailBuffer(0);
    none.push(Buffer.from('ab'));
    expect(none.toString()).toBe('');
  });

  it('does not start with half a multi-byte character', () => {
    const tail = new TailBuffer(5);
    tail.push(Buffer.from('ééé')); // 6 bytes; a 5-byte cut starts inside the first é
    expect(tail.toString()).toBe('éé');
  });
});

describe('readFileTail', () => {
  let dir = '';
  let cleanup = async (): Promise<void> => undefined;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(() => cleanup());

  it('reads the end of a file and returns empty text for a missing one', async () => {
    const file = join(dir, 'out.log');
    await writeFile(file, 'x'.repeat(1000) + 'END');
    expect(await readFileTail(file, 5)).toBe('xxEND');
    expect(await readFileTail(file, 10_000)).toHaveLength(1003);
    expect(await readFileTail(join(dir, 'missing.log'), 5)).toBe('');
  });
});
