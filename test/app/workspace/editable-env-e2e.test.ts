import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EDITABLE_VENV, hasPythonVenv, PIP_ENV, SORTY_BROKEN, SORTY_FILES } from '../../support/python-project.js';
import { makeProject, RUN_SETTINGS, type ProjectRepo } from './project-repos.js';
import { doctorFindings } from './doctor-findings.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The project's tests through the venv's console script (which, unlike `python -m pytest`, does not put the working directory first on the path). */
const EVALUATE = '#!/bin/sh\n.venv/bin/pytest -q -p no:cacheprovider tests >&2 || exit 1\necho \'{"score": 1}\'\n';
const EVALUATOR = { command: 'sh evaluate.sh', protect: ['evaluate.sh', 'tests/**'], timeout: '120s', env: PIP_ENV };
const SORTY_GOOD = SORTY_FILES['sorty/__init__.py'] ?? '';

describe.skipIf(!hasPythonVenv)('a package installed editable in the checkout\'s .venv, evaluated by .venv/bin/pytest', () => {
  it('a linked .venv is refused (it measured the checkout); built by setup, the committed broken code is invalid and the fixed code scores', async () => {
    const repo: ProjectRepo = makeProject({ ...SORTY_FILES, 'sorty/__init__.py': SORTY_BROKEN, 'evaluate.sh': EVALUATE, 'prompt.md': 'Make srt fast.\n' }, { ...RUN_SETTINGS, evaluator: EVALUATOR, workspace: { link: ['.venv'] } });
    cleanups.push(repo.cleanup);
    repo.sh(`${Object.entries(PIP_ENV).map(([k, v]) => `${k}=${v}`).join(' ')} sh -c '${EDITABLE_VENV}'`);
    // The committed code is broken; the checkout's working copy is fixed but not committed.
    repo.write({ 'sorty/__init__.py': SORTY_GOOD });

    const linked = await doctorFindings(repo.dir);
    expect(linked.baseline?.ok ?? false).toBe(false);
    const refused = linked.problems.find((p) => p.startsWith('.venv it would run'));
    expect(refused).toMatch(/^\.venv it would run your checkout's code, not the attempt's: .*editable finder \(MAPPING\)/);
    expect(refused).toContain('remove it from workspace.link and add `python3 -m venv .venv');

    // Only the config committed: the checkout's working copy stays fixed, the committed code broken.
    repo.write({ '.swarmrc.json': JSON.stringify({ ...RUN_SETTINGS, evaluator: EVALUATOR, workspace: { setup: ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e ".[test]"'] } }) });
    repo.git('commit', '-q', '-m', 'build the venv per worktree', '--', '.swarmrc.json');
    const built = await doctorFindings(repo.dir);
    expect(built.baseline).toMatchObject({ ok: false });
    expect(built.problems.length).toBeGreaterThan(0);
    // The progress of a long setup is reported while it runs.
    expect(built.progress.join('\n')).toMatch(/setup 2\/2: `.venv\/bin\/python -m pip install --quiet -e ".\[test\]"` done in \d+\.\d s/);

    repo.git('add', 'sorty/__init__.py');
    repo.git('commit', '-q', '-m', 'fix srt');
    const fixed = await doctorFindings(repo.dir);
    expect(fixed.baseline?.provisioned).toMatch(/setup reused \(relocated from the cache\)/);
    expect(fixed.baseline).toMatchObject({ ok: true, score: 1 });
    expect(fixed.problems).toEqual([]);
    expect(readdirSync(join(repo.dir, '.swarm', 'setup-cache')).filter((name) => !name.startsWith('.'))).toHaveLength(1);
  }, 400_000);
});
