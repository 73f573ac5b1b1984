import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../support/toy-repo.js';

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
