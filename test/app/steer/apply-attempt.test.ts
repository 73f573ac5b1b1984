import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { apply, runSearch, status as runStatus } from '../../../src/index.js';
import { thrownBy, withEnv } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';


// What `swarm apply` prints is test/cli/commands/apply-attempt.test.ts.
describe('apply', () => {
  let repo: ToyRepo;
  let best = '';
  let main = '';
  // The attempt's program change: its branch against the baseline, without the swarm's files.
  const programDiff = (attempt: string): string =>
    repo.git('diff', '--binary', main, `swarm/r1/${attempt}`, '--', '.', ':(exclude)findings.md', ':(exclude).swarm');

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 4 } });
    main = repo.git('rev-parse', 'HEAD').trim();
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    const status = await runStatus({ cwd: repo.dir });
    best = status.best?.id ?? '';
    expect(best).not.toBe('');
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('commits exactly the attempt\'s program diff onto a clean main, without findings.md or swarm trailers', async () => {
    expect(programDiff(best)).not.toBe('');
    const applied = await apply({ cwd: repo.dir, attemptId: best });
    expect(applied).toMatchObject({ attempt: best, branch: null, commit: repo.git('rev-parse', 'HEAD').trim() });
    expect(applied.files).toEqual(repo.git('diff', '--name-only', 'HEAD~1', 'HEAD').trim().split('\n'));
    expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(main);
    expect(repo.git('diff', '--binary', 'HEAD~1', 'HEAD')).toBe(programDiff(best));
    expect(repo.git('ls-tree', '-r', '--name-only', 'HEAD')).not.toContain('findings.md');
    const message = repo.git('log', '-1', '--format=%B');
    expect(message).toContain(`Adopted from swarm attempt ${best} of run r1`);
    expect(message).not.toMatch(/Swarm-Attempt|Swarm-Parent|Informed-By/);
    expect(repo.git('status', '--porcelain')).toBe('');
    repo.git('reset', '-q', '--hard', main);
  });

  it('refuses modified tracked files (exit 2), naming them and the fix', async () => {
    writeFileSync(join(repo.dir, 'prog.js'), '// edited by hand\n');
    const refused = await thrownBy(apply({ cwd: repo.dir, attemptId: best }));
    expect(isSwarmError(refused) && refused.code).toBe('USAGE');
    expect(exitCodeFor(refused)).toBe(2);
    expect(refused instanceof Error && refused.message).toContain(`has changes swarm apply ${best} would overwrite or mix with (modified prog.js); commit or stash them`);
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(main);
    repo.git('checkout', '--', 'prog.js');
  });

  it('applies beside an untracked file the attempt does not touch, as git would, and leaves it alone', async () => {
    writeFileSync(join(repo.dir, 'notes.txt'), 'mine\n');
    const applied = await apply({ cwd: repo.dir, attemptId: best });
    expect(applied.commit).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(repo.git('diff', '--binary', 'HEAD~1', 'HEAD')).toBe(programDiff(best));
    expect(repo.git('status', '--porcelain')).toBe('?? notes.txt\n');
    repo.git('reset', '-q', '--hard', main);
    rmSync(join(repo.dir, 'notes.txt'));
  });

  it('ignores the skills and rules the agent tools left (.claude/, .agents/, .codex/) and cuts a long subject at a word boundary', async () => {
    // What `swarm skills install --project` leaves: untracked skill folders; plus one staged settings file.
    for (const dir of ['.claude/skills/swarm-shepherd', '.agents/skills/swarm-shepherd', '.codex/rules']) mkdirSync(join(repo.dir, dir), { recursive: true });
    writeFileSync(join(repo.dir, '.claude/skills/swarm-shepherd/SKILL.md'), '---\nname: swarm-shepherd\n---\n');
    writeFileSync(join(repo.dir, '.agents/skills/swarm-shepherd/SKILL.md'), '---\nname: swarm-shepherd\n---\n');
    writeFileSync(join(repo.dir, '.codex/rules/swarm.rules'), 'prefix_rule(pattern = ["swarm"], decision = "allow")\n');
    writeFileSync(join(repo.dir, '.claude/settings.json'), '{}\n');
    repo.git('add', '.claude/settings.json');
    const hypothesis = 'Replace the greedy placement with a simulated annealing schedule that perturbs radii and centres jointly';
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'));
    db.prepare('UPDATE attempts SET hypothesis = ? WHERE id = ?').run(hypothesis, best);
    db.close();
    const applied = await apply({ cwd: repo.dir, attemptId: best });
    expect(applied.commit).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(repo.git('log', '-1', '--format=%s').trim()).toBe('Replace the greedy placement with a simulated annealing schedule that…');
    expect(repo.git('diff', '--binary', 'HEAD~1', 'HEAD')).toBe(programDiff(best));
    // The tool files are neither committed nor touched: untracked ones stay untracked, the staged one staged.
    expect(repo.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual(['?? .agents/', '?? .codex/', '?? .claude/skills/', 'A  .claude/settings.json'].sort());
    repo.git('reset', '-q', '--hard', main);
    repo.git('clean', '-qfd', '.claude', '.agents', '.codex');
  });

  it('stageOnly (--worktree) stages the change; branch (--branch) commits it on a new branch and leaves main alone; not both', async () => {
    const both = await thrownBy(apply({ cwd: repo.dir, attemptId: best, branch: 'x', stageOnly: true }));
    expect(isSwarmError(both) && both.code).toBe('USAGE');
    const staged = await apply({ cwd: repo.dir, attemptId: best, stageOnly: true });
    expect([staged.commit, staged.branch]).toEqual([null, null]);
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(main);
    expect(repo.git('diff', '--binary', '--cached')).toBe(programDiff(best));
    repo.git('reset', '-q', '--hard', main);

    const branched = await apply({ cwd: repo.dir, attemptId: best, branch: 'adopt-best' });
    expect(branched.branch).toBe('adopt-best');
    expect(branched.commit).toBe(repo.git('rev-parse', 'adopt-best').trim());
    expect(repo.git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('adopt-best');
    expect(repo.git('rev-parse', 'main').trim()).toBe(main);
    expect(repo.git('diff', '--binary', 'main', 'adopt-best')).toBe(programDiff(best));
  });

  it('commits on a machine with no git identity as swarm <swarm@localhost>, as swarm\'s own commits do', async () => {
    const home = mkdtempSync(join(tmpdir(), 'swarm-no-identity-'));
    repo.git('checkout', '-q', 'main');
    repo.git('reset', '-q', '--hard', main);
    try {
      // No user.name/user.email anywhere: an empty HOME and XDG config, no system config.
      const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), GIT_CONFIG_NOSYSTEM: '1' };
      // The git that apply runs inherits this process's environment.
      const applied = await withEnv(env, () => apply({ cwd: repo.dir, attemptId: best }));
      expect(applied.commit).toBe(repo.git('rev-parse', 'HEAD').trim());
      expect(repo.git('log', '-1', '--format=%an <%ae>').trim()).toBe('swarm <swarm@localhost>');
      expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(main);
    } finally {
      repo.git('reset', '-q', '--hard', main);
      rmSync(home, { recursive: true, force: true });
    }
  });
});
