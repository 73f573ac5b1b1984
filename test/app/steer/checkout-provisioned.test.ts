import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSearch } from '../../../src/index.js';
import { checkoutAttempt } from '../../../src/app/steer/checkout-attempt.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('swarm checkout', () => {
  it('provisions the worktree as the attempt\'s was (links, setup from the cache) and names what it left out', async () => {
    const repo = createToyRepo(
      {
        workspace: { link: ['data', 'weights'], setup: ['mkdir -p built && echo ready > built/marker'] },
        budget: { attempts: 2 },
        concurrency: { agents: 1, evaluations: 1 },
        shepherd: { initialExplorers: 1, waveSize: 1 },
      },
      { '.gitignore': 'data/\nweights/\nbuilt/\n' },
    );
    repos.push(repo);
    mkdirSync(join(repo.dir, 'data'));
    writeFileSync(join(repo.dir, 'data', 'points.csv'), '1,2\n');
    const run = await runSearch({ cwd: repo.dir });
    expect(run.problem).toBeNull();
    const lines: string[] = [];
    const result = await checkoutAttempt({ cwd: repo.dir, attemptId: 'a1', dir: 'restored', progress: (line) => lines.push(line) });
    expect(result.provisioned).toMatchObject({ linked: ['data'], setup: 'reused' });
    expect(lstatSync(join(repo.dir, 'restored', 'data')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(repo.dir, 'restored', 'built', 'marker'), 'utf8')).toBe('ready\n');
    expect(result.provisioned.leftOut).toEqual(['weights (workspace.link): your checkout has none']);
    expect(existsSync(join(repo.dir, 'restored', 'prog.js'))).toBe(true);
  }, 120_000);
});
