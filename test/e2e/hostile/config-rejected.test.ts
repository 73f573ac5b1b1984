import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

describe('a rejected config leaves the repository as it was', () => {
  let repo: ToyRepo;
  let exclude: string;
  let result: CliResult;
  beforeAll(async () => {
    repo = createToyRepo({ evaluator: { timeout: 'fast', gpus: ['0'], gpusPerEvaluation: 5 }, budget: { attempts: 'many' } });
    exclude = readFileSync(join(repo.dir, '.git', 'info', 'exclude'), 'utf8');
    result = await runCli(repo.dir, ['run']);
  }, 60_000);
  afterAll(() => repo.cleanup());

  it('reports every problem at once and exits 2', () => {
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('has 3 problems:');
    expect(result.stderr).toContain('evaluator.gpusPerEvaluation: 5 is more than the 1 GPU');
  });

  it('writes nothing: no .swarm/ entry in .git/info/exclude, no .swarm folder', () => {
    expect(readFileSync(join(repo.dir, '.git', 'info', 'exclude'), 'utf8')).toBe(exclude);
    expect(existsSync(join(repo.dir, '.swarm'))).toBe(false);
  });
});

describe('bad flags and a config only its backend refuses write nothing either', () => {
  const untouched = (repo: ToyRepo, exclude: string): void => {
    expect(readFileSync(join(repo.dir, '.git', 'info', 'exclude'), 'utf8')).toBe(exclude);
    expect(existsSync(join(repo.dir, '.swarm'))).toBe(false);
  };

  it('`swarm run --agents 0 --wall-clock abc` reports both flags at once', async () => {
    const repo = createToyRepo();
    try {
      const exclude = readFileSync(join(repo.dir, '.git', 'info', 'exclude'), 'utf8');
      const result = await runCli(repo.dir, ['run', '--agents', '0', '--wall-clock', 'abc']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('has 2 problems:');
      expect(result.stderr).toContain('concurrency.agents (from --agents)');
      expect(result.stderr).toContain('budget.wallClock (from --wall-clock)');
      untouched(repo, exclude);
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  it('an empty agent.command.argv exits 2 before .git/info/exclude is written', async () => {
    const repo = createToyRepo({ agent: { backend: 'command', command: { argv: [] } } });
    try {
      const exclude = readFileSync(join(repo.dir, '.git', 'info', 'exclude'), 'utf8');
      const result = await runCli(repo.dir, ['run']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('agent.command.argv');
      untouched(repo, exclude);
    } finally {
      repo.cleanup();
    }
  }, 60_000);
});
