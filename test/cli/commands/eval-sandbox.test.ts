import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli } from '../../support/toy-repo.js';

// The refusal itself is test/app/evaluation/sandbox-e2e.test.ts's (through the API); here, the exit code and the message a user reads.
describe('swarm eval with evaluator.sandbox "bwrap" and no bwrap', () => {
  const repo = createToyRepo({ evaluator: { command: `node evaluate.js && touch ${join(tmpdir(), `swarm-canary-${randomUUID()}`)}`, sandbox: 'bwrap' } });
  // A PATH with git and node but no bwrap.
  const bin = mkdtempSync(join(tmpdir(), 'swarm-nobwrap-'));
  afterAll(() => {
    repo.cleanup();
    rmSync(bin, { recursive: true, force: true });
  });

  it('exits 2 naming evaluator.sandbox and the fix on stderr', async () => {
    symlinkSync(execFileSync('/bin/sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = await runCli(repo.dir, ['eval'], { PATH: bin });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/evaluator\.sandbox is "bwrap" but bwrap cannot be run .*install bubblewrap .*set evaluator\.sandbox to "none"/);
  });
});
