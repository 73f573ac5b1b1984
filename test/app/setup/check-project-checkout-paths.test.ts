import { afterEach, describe, expect, it } from 'vitest';
import { checkProject } from '../../../src/app/diagnose/check-project.js';
import { configSchema } from '../../../src/config-assembly/index.js';
import { makeRepo, type TempRepo } from '../../support/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('an evaluator that names the checkout by its absolute path', () => {
  it('is a problem (PYTHONPATH into the checkout imports its code in every worktree); relative paths and .swarm are not', async () => {
    const repo = makeRepo({ 'evaluate.py': 'print(1)\n', 'prompt.md': 'x\n' });
    repos.push(repo);
    const config = configSchema.parse({
      evaluator: { command: `python3 evaluate.py --cache ${repo.dir}/.swarm/cache`, protect: ['evaluate.py'], env: { PYTHONPATH: `src:${repo.dir}/src`, DATA: 'data' } },
    });
    const check = await checkProject(repo.dir, config, null);
    expect(check.problems.map((p) => p.problem)).toEqual([`evaluator.env.PYTHONPATH names your checkout (${repo.dir}) by its absolute path, so every attempt's evaluation would import or read the checkout's files, not the attempt's`]);
  });
});
