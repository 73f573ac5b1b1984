import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkImportedCode } from '../../../src/app/diagnose/check-imported-code.js';
import { addWorktree } from '../../../src/workspace/worktrees.js';
import { doctor } from '../../../src/index.js';
import { NODE_LINK_SCENARIOS } from '../../support/node-link-projects.js';
import { hasPythonVenv, PIP_ENV, SORTY_FILES } from '../../support/python-project.js';
import { makeProject, type ProjectRepo } from '../workspace/project-repos.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const pipEnv = Object.entries(PIP_ENV).map(([k, v]) => `${k}=${v}`).join(' ');
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
const evaluate = (pytest: string): string => `#!/bin/sh\n${pytest} -q -p no:cacheprovider tests >&2 || exit 1\necho '{"score": 1}'\n`;
/** The project part of `swarm doctor`'s report, through the API: its problems as the CLI prints them (`problem: fix`). */
const projectReport = async (cwd: string) => {
  const project = (await doctor({ cwd })).project;
  if (project === null) throw new Error(`doctor found no project at ${cwd}`);
  return { ...project, lines: project.problems.map((p) => `${p.problem}: ${p.fix}`) };
};
const SETTINGS = { budget: { attempts: 1 }, concurrency: { agents: 1, evaluations: 1 } };

describe.skipIf(!hasPythonVenv)('doctor: the code the evaluator imports lives inside the baseline\'s worktree (Python)', () => {
  let repo: ProjectRepo;
  let venv: string;
  beforeAll(() => {
    // A venv outside the repository (as virtualenvwrapper or poetry keep them), the checkout installed editable into it.
    venv = join(realpathSync(mkdtempSync(join(tmpdir(), 'swarm-outside-venv-'))), 'sorty');
    repo = makeProject({ ...SORTY_FILES, 'evaluate.sh': evaluate(`${venv}/bin/pytest`), 'prompt.md': 'Make srt fast.\n' }, { ...SETTINGS, evaluator: { command: 'sh evaluate.sh', protect: ['evaluate.sh', 'tests/**'], timeout: '120s', env: PIP_ENV } });
    repo.sh(`${pipEnv} sh -c 'python3 -m venv ${venv} && ${venv}/bin/python -m pip install --quiet -e ".[test]"'`);
  }, 300_000);
  afterAll(() => {
    repo.cleanup();
    rmSync(join(venv, '..'), { recursive: true, force: true });
  });

  it('a venv whose editable install points at the checkout: doctor fails, naming the file the evaluator imports and the fix (the scanner never saw it: nothing is linked)', async () => {
    const project = await projectReport(repo.dir);
    expect(project.baseline?.ok).not.toBe(true);
    expect(project.lines).toContainEqual(expect.stringContaining(`the evaluator imports sorty from ${repo.dir}/sorty/__init__.py (${venv}/bin/python), in your checkout, not in the attempt's worktree`));
    expect(project.lines.join('\n')).toMatch(/build the venv in each worktree: add `python3 -m venv \.venv`/);
    // A problem of the project: the CLI exits 1.
    expect(project.problems.length).toBeGreaterThan(0);
  }, 120_000);

  it('the same project with its venv built in each worktree by setup: the probe finds sorty in the worktree, and the baseline is ok', async () => {
    repo.configure({ ...SETTINGS, evaluator: { command: 'sh evaluate.sh', protect: ['evaluate.sh', 'tests/**'], timeout: '120s', env: PIP_ENV }, workspace: { setup: ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e ".[test]"'] } });
    repo.write({ 'evaluate.sh': evaluate('.venv/bin/pytest') });
    repo.git('commit', '-q', '-m', 'the worktree\'s venv', '--', 'evaluate.sh');
    const project = await projectReport(repo.dir);
    expect(project.baseline, project.lines.join('\n')).toMatchObject({ ok: true, score: 1 });
    expect(project.lines.join('\n')).not.toContain('the evaluator imports');
    expect(project.warnings.map((w) => w.problem).join('\n')).not.toContain('the evaluator imports');
  }, 300_000);
});

describe('the import probe on a Node project (npm workspaces, file: dependency, npm link)', () => {
  it.each(NODE_LINK_SCENARIOS)('$name: a worktree whose node_modules is the checkout\'s resolves the package there (a problem naming the file); one built in the worktree resolves inside it', async (scenario) => {
    const prefix = realpathSync(mkdtempSync(join(tmpdir(), 'swarm-npm-prefix-')));
    cleanups.push(() => rmSync(prefix, { recursive: true, force: true }));
    const repo = makeProject(scenario.files, SETTINGS);
    cleanups.push(repo.cleanup);
    repo.sh(`npm_config_prefix=${prefix} sh -c '${scenario.install}'`);
    const linked = join(repo.dir, '.swarm', 'worktrees', 'linked');
    await addWorktree(repo.dir, linked, { newBranch: 'linked', commit: 'HEAD' });
    symlinkSync(join(repo.dir, 'node_modules'), join(linked, 'node_modules'));
    const problems = await checkImportedCode({ root: repo.dir, worktree: linked, command: 'node test.js', env: ENV });
    expect(problems.map((p) => p.problem)).toEqual([`the evaluator imports sorty from ${repo.dir}/${scenario.packageDir}/index.js (node), in your checkout, not in the attempt's worktree: every attempt would be scored on your checkout's code`]);
    expect(problems[0]?.fix).toContain('build node_modules in each worktree');

    const built = join(repo.dir, '.swarm', 'worktrees', 'built');
    await addWorktree(repo.dir, built, { newBranch: 'built', commit: 'HEAD' });
    execFileSync('/bin/sh', ['-c', scenario.setup.join(' && ')], { cwd: built, env: { ...process.env, npm_config_prefix: prefix }, stdio: 'ignore' });
    expect(await checkImportedCode({ root: repo.dir, worktree: built, command: 'node test.js', env: ENV })).toEqual([]);
  }, 120_000);
});
