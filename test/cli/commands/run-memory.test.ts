import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterAll(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/** `swarm run --from`'s usage errors (importing itself: test/app/run/memory-e2e.test.ts). */
describe('swarm run --from', () => {
  it('an unknown run exits 2 with the reason, and starts nothing', async () => {
    const repo = createToyRepo({ budget: { attempts: 1 } });
    repos.push(repo);
    const unknown = await runCli(repo.dir, ['run', '--from', 'r9']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--from r9: no earlier run with that id');
    expect(existsSync(join(repo.dir, '.swarm', 'swarm.db'))).toBe(false);
  });

  it('--top without --from is a usage error', async () => {
    const repo = createToyRepo({ budget: { attempts: 1 } });
    repos.push(repo);
    const alone = await runCli(repo.dir, ['run', '--top', '2']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--top counts the attempts imported with --from');
  });
});
