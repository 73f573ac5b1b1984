import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runSearch, status } from '../../../src/index.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const statusSchema = z.object({
  best: z.object({ id: z.string() }).nullable(),
  attempts: z.array(z.object({ id: z.string(), role: z.string() })),
  nominations: z.array(z.object({ id: z.string(), count: z.number(), score: z.number().nullable(), reasons: z.array(z.string()) })),
});

describe('swarm nominate', () => {
  let repo: ToyRepo;
  let ids: string[] = [];

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 3 } });
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    ids = (await status({ cwd: repo.dir })).attempts.filter((a) => a.role !== 'baseline').map((a) => a.id);
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('stores nominations and lists the most nominated apart from the best score, in status and status --json', async () => {
    const [first = '', second = ''] = ids;
    expect((await runCli(repo.dir, ['nominate', second, '--reason', 'smallest diff'])).code).toBe(0);
    const twice = await runCli(repo.dir, ['nominate', first, '--reason', 'simplest idea', '--json']);
    expect(z.object({ nominations: z.number() }).parse(JSON.parse(twice.stdout)).nominations).toBe(1);
    const agent = await runCli(repo.dir, ['nominate', first, '--reason', 'robust across seeds'], { SWARM_ATTEMPT_ID: second });
    expect(agent.stdout).toContain(`nominated ${first} (2 nominations in run r1)`);

    const status = statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout));
    expect(status.nominations.map((n) => [n.id, n.count])).toEqual([[first, 2], [second, 1]]);
    expect(status.nominations[0]?.reasons).toEqual(['simplest idea', 'robust across seeds']);
    const text = await runCli(repo.dir, ['status']);
    expect(text.stdout).toMatch(new RegExp(`nominated\\s+${first} ×2 \\(robust across seeds\\), ${second} ×1 \\(smallest diff\\)`));
    expect(text.stdout).toMatch(/best\s+a\d+/);
  });

  it('refuses an unknown attempt, an empty reason and a self-nomination with exit 2', async () => {
    const unknown = await runCli(repo.dir, ['nominate', 'a99', '--reason', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no attempt a99');
    expect((await runCli(repo.dir, ['nominate', ids[0] ?? '', '--reason', ' '])).code).toBe(2);
    const self = await runCli(repo.dir, ['nominate', ids[0] ?? '', '--reason', 'mine'], { SWARM_ATTEMPT_ID: ids[0] ?? '' });
    expect(self.code).toBe(2);
    expect(self.stderr).toContain('cannot nominate itself');
  });
});
