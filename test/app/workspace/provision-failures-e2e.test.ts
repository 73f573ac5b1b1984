import { afterEach, describe, expect, it } from 'vitest';
import { doctor, type DoctorReport } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { makeProject, PY_PROGRAM, RUN_SETTINGS, type ProjectRepo } from './project-repos.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const project = (files: Record<string, string>, config: Record<string, unknown>): ProjectRepo => {
  const repo = makeProject(files, { ...RUN_SETTINGS, ...config });
  cleanups.push(repo.cleanup);
  return repo;
};

/**
 * Each problem as `swarm doctor` prints it (`✗ <problem>: <fix>`, any problem fails doctor: exit 1),
 * asserted non-empty, with the baseline's reason first (its `baseline  no` line).
 */
const problems = async (cwd: string): Promise<string[]> => {
  const report: DoctorReport = await doctor({ cwd });
  const found = (report.project?.problems ?? []).map((p) => `${p.problem}: ${p.fix}`);
  expect(found.length).toBeGreaterThan(0);
  return [report.project?.baseline?.reason ?? '', ...found];
};

describe('provisioning that fails', () => {
  it('a failing workspace.setup is named as an infrastructure failure with its output: doctor finds a problem and the run fails', async () => {
    const repo = project(
      { 'program.py': PY_PROGRAM, 'evaluate.py': 'import json\nimport program\nprint(json.dumps({"score": program.score([(1.0, 2.0)])}))\n', 'prompt.md': 'Fit.\n' },
      { evaluator: { command: 'python3 evaluate.py', protect: ['evaluate.py'] }, workspace: { setup: ['echo "npm ERR! 404 Not Found - GET https://registry.example/left-pad" >&2; exit 4'] } },
    );
    expect((await problems(repo.dir)).join('\n')).toContain('workspace.setup fails in a fresh worktree: `echo "npm ERR! 404 Not Found - GET https://registry.example/left-pad" >&2; exit 4` exited with code 4');
    const { result } = await runApi(repo.dir);
    expect(result.status).toBe('failed');
    expect(result.problem).toBe(result.stopReason);
    expect(result.stopReason).toContain('baseline could not be prepared: workspace.setup failed (an infrastructure failure, not the agent\'s)');
    // npm's reason, picked from its `npm ERR!` lines (issue 38).
    expect(result.stopReason).toContain('exited with code 4: npm: 404 Not Found - GET https://registry.example/left-pad');
  }, 120_000);

  it('an evaluation that changes a linked path is invalid without the sandbox (size and mtime checked)', async () => {
    const evaluate = 'import json\nimport program\nopen("data/points.csv", "a").write("9,9\\n")\nprint(json.dumps({"score": program.score([(1.0, 2.0)])}))\n';
    const repo = project(
      { '.gitignore': 'data/\n', 'program.py': PY_PROGRAM, 'evaluate.py': evaluate, 'prompt.md': 'Fit.\n' },
      { evaluator: { command: 'python3 evaluate.py', protect: ['evaluate.py'] }, workspace: { link: ['data/'] } },
    );
    repo.sh('mkdir -p data && printf "1,2\\n" > data/points.csv');
    expect((await problems(repo.dir)).join('\n')).toContain('the evaluated program changed shared workspace.link files (data/points.csv) during stage main; the score does not count');
  }, 120_000);
});
