import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskFullIn } from '../../src/app/run/disk-full.js';
import { runProcessGroup } from '../../src/process/process-group.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('an output that cannot be captured', () => {
  // /dev/full fails every write with ENOSPC, as a full disk does.
  it('stops the process at once and throws the full disk, instead of stalling to its timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-capture-'));
    dirs.push(dir);
    const started = Date.now();
    const flood = "const chunk = 'x'.repeat(65536); const go = () => process.stdout.write(chunk, go); go();";
    const error = await runProcessGroup({
      file: process.execPath, args: ['-e', flood], cwd: dir, env: {}, timeoutMs: 60_000, killGraceMs: 300,
      stdoutFile: '/dev/full', stderrFile: join(dir, 'err.log'),
    }).then(() => null, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(diskFullIn(error)).toMatchObject({ code: 'ENOSPC' });
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 70_000);
});
