import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { finishedToyRun } from '../../support/api-run.js';
import { runCli, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm nominate` reads and prints, and the nominated line of `swarm status`; what it records is test/app/steer/nominate-attempt.test.ts.
describe('swarm nominate on the command line', () => {
  let repo: ToyRepo;
  let ids: string[] = [];

  beforeAll(async () => {
    ({ repo, ids } = await finishedToyRun({ budget: { attempts: 3 } }));
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('prints the count, --json the result, takes the nominating attempt from SWARM_ATTEMPT_ID, and status shows the nominated line', async () => {
    const [first = '', second = ''] = ids;
    const plain = await runCli(repo.dir, ['nominate', second, '--reason', 'smallest diff']);
    expect([plain.code, plain.stdout]).toEqual([0, `nominated ${second} (1 nomination in run r1)\n`]);
    const json = await runCli(repo.dir, ['nominate', first, '--reason', 'simplest idea', '--json']);
    expect(z.object({ attempt: z.string(), run: z.string(), nominations: z.number() }).parse(JSON.parse(json.stdout))).toEqual({ attempt: first, run: 'r1', nominations: 1 });
    const agent = await runCli(repo.dir, ['nominate', first, '--reason', 'robust across seeds'], { SWARM_ATTEMPT_ID: second });
    expect(agent.stdout).toBe(`nominated ${first} (2 nominations in run r1)\n`);
    // SWARM_ATTEMPT_ID names the nominating attempt: an attempt cannot nominate itself.
    const self = await runCli(repo.dir, ['nominate', first, '--reason', 'mine'], { SWARM_ATTEMPT_ID: first });
    expect(self.code).toBe(2);
    expect(self.stderr).toContain('cannot nominate itself');

    const text = await runCli(repo.dir, ['status']);
    expect(text.stdout).toMatch(new RegExp(`nominated\\s+${first} ×2 \\(robust across seeds\\), ${second} ×1 \\(smallest diff\\)`));
    expect(text.stdout).toMatch(/best\s+a\d+/);
  });

  it('requires --reason (exit 2)', async () => {
    const missing = await runCli(repo.dir, ['nominate', ids[0] ?? '']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--reason <text>' not specified");
  });
});
