import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errnoOf, nearestExisting, nearestExistingSync } from '../../src/workspace/disk-facts.js';

const dir = mkdtempSync(join(tmpdir(), 'swarm-disk-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('errnoOf', () => {
  it('the code of a system error, else null', async () => {
    expect(errnoOf(await readFile(join(dir, 'missing')).catch((error: unknown) => error))).toBe('ENOENT');
    expect(errnoOf(new Error('plain'))).toBeNull();
    expect(errnoOf(Object.assign(new Error('numeric'), { code: 42 }))).toBeNull();
    expect(errnoOf({ code: 'ENOSPC' })).toBeNull();
    expect(errnoOf(undefined)).toBeNull();
  });
});

describe('nearestExisting', () => {
  it('the path itself when it exists, else its first existing ancestor, else the root', async () => {
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'x');
    for (const find of [nearestExisting, (path: string) => Promise.resolve(nearestExistingSync(path))]) {
      expect(await find(file)).toBe(file);
      expect(await find(dir)).toBe(dir);
      expect(await find(join(dir, 'not', 'yet', 'made'))).toBe(dir);
      expect(await find(`${dir}${sep}not${sep}..${sep}`)).toBe(dir);
      expect(await find(join(file, 'under-a-file'))).toBe(file);
    }
  });
});
