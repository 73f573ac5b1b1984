import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderBytes, isTrimmableLog, trimLogFile } from '../../../src/app/logs/log-files.js';

const dir = mkdtempSync(join(tmpdir(), 'swarm-log-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cutting a log to its head and tail', () => {
  it('keeps the first and last lines whole with a line saying how much was left out', async () => {
    const file = join(dir, 'a.stdout.log');
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${'z'.repeat(40)}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const before = statSync(file).size;
    const dropped = await trimLogFile(file, 64 * 1024, 'the reason');
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).size).toBeLessThan(64 * 1024 + 200);
    expect(text.startsWith('line 0 ')).toBe(true);
    expect(text.endsWith(`line 19999 ${'z'.repeat(40)}\n`)).toBe(true);
    const marker = /^\[swarm: (\d+) bytes of this log left out here; the reason\]\n/m.exec(text);
    expect(Number(marker?.[1])).toBe(dropped);
    // What is kept and what was left out add up to the file as it was.
    expect(statSync(file).size - (marker?.[0].length ?? 0) + dropped).toBe(before);
    for (const kept of text.replace(marker?.[0] ?? '', '').trimEnd().split('\n')) expect(kept).toMatch(/^line \d+ z{40}$/);
  });

  it('leaves a file that fits alone', async () => {
    const file = join(dir, 'small.log');
    writeFileSync(file, 'short\n');
    expect(await trimLogFile(file, 1024, 'x')).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('short\n');
  });

  it('cuts only text logs, never result files or artifacts', () => {
    expect(isTrimmableLog('/r/.swarm/logs/a3/default-1.stdout.log')).toBe(true);
    expect(isTrimmableLog('/r/.swarm/logs/a3/command.jsonl')).toBe(true);
    expect(isTrimmableLog('/r/.swarm/logs/a3/default-1-result.json')).toBe(false);
    expect(isTrimmableLog('/r/.swarm/logs/a3/artifacts/out.log')).toBe(false);
  });

  it('counts a folder as du does: blocks of its files and a block per folder', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'sub'), { recursive: true });
    writeFileSync(join(tree, 'sub', 'f'), Buffer.alloc(10_000, 1));
    expect(await folderBytes(tree)).toBe(2 * 4096 + Math.ceil(10_000 / 4096) * 4096);
    expect(await folderBytes(join(dir, 'missing'))).toBe(0);
  });
});
