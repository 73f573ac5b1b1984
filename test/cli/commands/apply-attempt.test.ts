import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runSearch, status } from '../../../src/index.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm apply` parses and prints; what it commits is test/app/steer/apply-attempt.test.ts.
describe('swarm apply on the command line', () => {
  let repo: ToyRepo;
  let best = '';
  let main = '';

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 4 } });
    main = repo.git('rev-parse', 'HEAD').trim();
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    best = (await status({ cwd: repo.dir })).best?.id ?? '';
    expect(best).not.toBe('');
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('prints the commit and the files it took; --json prints the result', async () => {
    const applied = await runCli(repo.dir, ['apply', best]);
    expect(applied.code, applied.stderr).toBe(0);
    const head = repo.git('rev-parse', 'HEAD').trim();
    expect(applied.stdout).toBe(`${best}: committed ${head.slice(0, 10)} (1 file: prog.js)\n`);
    repo.git('reset', '-q', '--hard', main);

    const branched = await runCli(repo.dir, ['apply', best, '--branch', 'adopt-best', '--json']);
    expect(branched.code).toBe(0);
    const json = z.object({ attempt: z.string(), branch: z.string(), commit: z.string(), files: z.array(z.string()) }).parse(JSON.parse(branched.stdout));
    expect(json).toMatchObject({ attempt: best, branch: 'adopt-best', files: ['prog.js'] });
    repo.git('checkout', '-q', 'main');
  });

  it('exits 2 with the reason on stderr: a dirty tree, and --branch with --worktree', async () => {
    writeFileSync(join(repo.dir, 'prog.js'), '// edited by hand\n');
    const refused = await runCli(repo.dir, ['apply', best]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(new RegExp(`^swarm: .* has changes swarm apply ${best} would overwrite or mix with \\(modified prog\\.js\\)`));
    repo.git('checkout', '--', 'prog.js');
    const both = await runCli(repo.dir, ['apply', best, '--branch', 'x', '--worktree']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('choose one of --branch <name> (commit on a new branch) and --worktree (stage only)');
  });
});
