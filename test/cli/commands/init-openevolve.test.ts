import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runApi } from '../../support/api-run.js';
import { runCli } from '../../support/toy-repo.js';

/**
 * What `swarm init --from-openevolve` prints, its --skills flag, and `swarm show`'s lines for an
 * evaluator's artifacts. The translation and the run, through the API: test/app/setup/openevolve-init.test.ts.
 */
const EXAMPLE = fileURLToPath(new URL('../../fixtures/openevolve/cascade/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'swarm-oe-init-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('swarm init --from-openevolve', () => {
  it('prints the baseline commit and what it did not map; --skills commits the skills with the baseline; show prints the artifacts', async () => {
    const target = join(root, 'search');
    const init = await runCli(root, ['init', '--from-openevolve', EXAMPLE, target, '--skills']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/committed the baseline \([0-9a-f]{7}\); next: `swarm run`/);
    expect(init.stdout).toMatch(/not mapped from config\.yaml:\n {2}checkpoint_interval: swarm records every attempt/);
    expect(init.stdout).toMatch(/^ {2}llm: swarm runs the offline "local" agent/m);
    expect(execFileSync('git', ['ls-files'], { cwd: target, encoding: 'utf8' })).toContain('.claude/skills/swarm-shepherd/SKILL.md');
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: target, encoding: 'utf8' })).toBe('');
    expect((await runApi(target, { overrides: { attempts: 1 } })).result.status).toBe('finished');
    const show = await runCli(target, ['show', 'a1']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('artifact stage  stage1 ok');
  }, 180_000);
});
