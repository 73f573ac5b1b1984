import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/toy-repo.js';

/**
 * `swarm init`'s flags, what it prints and its exit codes. What it writes and detects, through
 * the API: test/app/setup/init-project-e2e.test.ts.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-init-cli-'));
  dirs.push(dir);
  return dir;
};

const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });

describe('swarm init', () => {
  it('exits 2 outside a git repository, naming git init', async () => {
    const result = await runCli(tempDir(), ['init']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not inside a git repository; run `git init` there');
  });

  it('prints the program it found; --program is read relative to the working directory; one outside the project exits 2', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'fit.py'), '# EVOLVE-BLOCK-START\nSCALE = 0.5\n# EVOLVE-BLOCK-END\nprint(SCALE)\n');
    writeFileSync(join(dir, 'other.py'), 'print(2)\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'code');
    const found = await runCli(dir, ['init']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain('program: fit.py (it holds an EVOLVE-BLOCK)');
    const given = await runCli(dir, ['init', '--force', '--program', 'other.py', '--json']);
    expect(given.code, given.stderr).toBe(0);
    expect(JSON.parse(given.stdout)).toMatchObject({ program: 'other.py', programReason: 'given with --program' });
    const bad = await runCli(dir, ['init', '--force', '--program', '../elsewhere.py']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--program \S*elsewhere\.py is not a file in /);
  });
});
