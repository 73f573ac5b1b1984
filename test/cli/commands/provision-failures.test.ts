import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/toy-repo.js';
import { makeProject, PY_PROGRAM, RUN_SETTINGS, type ProjectRepo } from '../../app/workspace/project-repos.js';

const repos: ProjectRepo[] = [];
afterAll(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const SETUP_FAILS = 'echo "npm ERR! 404 Not Found - GET https://registry.example/left-pad" >&2; exit 4';

/**
 * What `swarm doctor` and `swarm run` print, and their exit codes, for a project whose provisioning
 * fails and then works (the behaviour: test/app/workspace/provision-failures-e2e.test.ts and
 * provisioned-projects-e2e.test.ts).
 */
describe('doctor and run on a project whose workspace.setup fails, then works', () => {
  it('doctor prints each problem after ✗ and exits 1; run prints the failed baseline and exits 1; fixed, doctor says ok and exits 0', async () => {
    const evaluator = { command: 'python3 evaluate.py', protect: ['evaluate.py'] };
    const repo = makeProject(
      { 'program.py': PY_PROGRAM, 'evaluate.py': 'import json\nimport program\nprint(json.dumps({"score": program.score([(1.0, 2.0)])}))\n', 'prompt.md': 'Fit.\n' },
      { ...RUN_SETTINGS, evaluator, workspace: { setup: [SETUP_FAILS] } },
    );
    repos.push(repo);
    const doctor = await runCli(repo.dir, ['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/^ {2}baseline {2}no {2}/m);
    expect(doctor.stdout).toMatch(/^a problem stops a run:$/m);
    expect(doctor.stdout).toContain(`  ✗ workspace.setup fails in a fresh worktree: \`${SETUP_FAILS}\` exited with code 4`);
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^run r1 failed: baseline could not be prepared: workspace.setup failed \(an infrastructure failure, not the agent's\)/m);

    repo.configure({ ...RUN_SETTINGS, evaluator, workspace: { setup: ['true'] } });
    const fixed = await runCli(repo.dir, ['doctor']);
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(fixed.stdout).toMatch(/^ {2}worktree {2}.*setup ran in \d+\.\d s/m);
    expect(fixed.stdout).toMatch(/^ {2}baseline {2}ok {2}scores -1 in a fresh worktree of [0-9a-f]{10}, as an attempt will$/m);
    expect(fixed.stdout).toContain('  no problems found');
  }, 240_000);
});
