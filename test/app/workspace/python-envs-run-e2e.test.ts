import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { status } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { EDITABLE_VENV, hasPythonVenv, PIP_ENV, SORTY_FILES } from '../../support/python-project.js';
import { makeProject } from './project-repos.js';
import { doctorFindings } from './doctor-findings.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Poetry (Debian's python3-poetry) installs a project without dependencies offline; its dependencies would need an index it can reach. */
const hasPoetry = spawnSync('poetry', ['--version'], { stdio: 'ignore' }).status === 0;

const sortyCode = (quality: number): string => `def srt(items):\n    return sorted(items)\n\n\nQUALITY = ${quality}\n`;
const BROKEN = 'def srt(items):\n    return list(items)\n\n\nQUALITY = 5\n';
/** The fixture agent: a2 breaks the package, a3 improves it (QUALITY 2; the checkout has 1). */
const AGENT = `const fs = require('node:fs');
fs.writeFileSync('sorty/__init__.py', process.env.SWARM_ATTEMPT_ID === 'a2' ? ${JSON.stringify(BROKEN)} : ${JSON.stringify(sortyCode(2))});
`;
/**
 * The tests through the venv's console script, the score from the package as the venv imports it
 * (-P: without the working directory first on the path, as a console script sees it).
 */
const EVALUATE = `#!/bin/sh
.venv/bin/pytest -q -p no:cacheprovider tests >&2 || exit 1
echo "{\\"score\\": $(.venv/bin/python -P -c 'import sorty; print(sorty.QUALITY)')}"
`;

const BASE = {
  agent: { backend: 'command', command: { argv: ['node', 'agent.js'] } },
  budget: { attempts: 2 },
  concurrency: { agents: 1, evaluations: 1 },
  shepherd: { policy: 'random', initialExplorers: 1, waveSize: 1 },
};

const POETRY_PYPROJECT = `[tool.poetry]
name = "sorty"
version = "0.1.0"
description = ""
authors = ["t <t@t>"]
packages = [{ include = "sorty" }]

[tool.poetry.dependencies]
python = "^3.9"

[build-system]
requires = ["poetry-core"]
build-backend = "poetry.core.masonry.api"
`;

interface PythonScenario {
  name: string;
  skip: boolean;
  files: Record<string, string>;
  env: Record<string, string>;
  /** Builds the venv in the checkout (as its users do) and in each worktree (workspace.setup). */
  setup: string[];
  /** The pointer the scanner names in the linked venv. */
  pointer: RegExp;
}

const SCENARIOS: PythonScenario[] = [
  {
    name: 'pip install -e . (setuptools)',
    skip: !hasPythonVenv,
    files: {},
    env: PIP_ENV,
    setup: EDITABLE_VENV.split(' && '),
    pointer: /editable finder \(MAPPING\)/,
  },
  {
    name: 'poetry install (poetry-core, in-project venv)',
    skip: !hasPythonVenv || !hasPoetry,
    files: { 'pyproject.toml': POETRY_PYPROJECT },
    env: { ...PIP_ENV, POETRY_VIRTUALENVS_IN_PROJECT: 'true', POETRY_NO_INTERACTION: '1' },
    setup: ['poetry install --quiet', '.venv/bin/python -m pip install --quiet pytest'],
    pointer: /sorty\.pth \(editable install \(\.pth path\)\)/,
  },
];

const attemptsOf = async (dir: string): Promise<Array<{ id: string; status: string; score: number | null }>> => (await status({ cwd: dir })).attempts;

const provisionedSetups = (dir: string): Array<{ id: string; ran: boolean; reused: boolean }> => {
  const db = new Database(join(dir, '.swarm', 'swarm.db'), { readonly: true });
  const rows = db.prepare("SELECT attempt_id AS id, data_json AS data FROM events WHERE type = 'attempt.provisioned' ORDER BY id").all() as Array<{ id: string; data: string }>;
  db.close();
  return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.data) as { setup: { ran: boolean; reused: boolean } }).setup }));
};

describe.each(SCENARIOS)('a Python package installed editable by $name, evaluated by .venv/bin/pytest', (scenario) => {
  it.skipIf(scenario.skip)('the checkout\'s .venv linked is refused; built by setup, cached and relocated into each attempt\'s worktree, a broken attempt is invalid and a good one scores its own code', async () => {
    const evaluator = { command: 'sh evaluate.sh', protect: ['evaluate.sh', 'agent.js', 'tests/**'], timeout: '120s', env: scenario.env };
    const files = { ...SORTY_FILES, 'sorty/__init__.py': sortyCode(1), 'evaluate.sh': EVALUATE, 'agent.js': AGENT, 'prompt.md': 'Make sorty better.\n', ...scenario.files };
    const repo = makeProject(files, { ...BASE, evaluator, workspace: { link: ['.venv'] } });
    cleanups.push(repo.cleanup);
    const env = Object.entries(scenario.env).map(([k, v]) => `${k}=${v}`).join(' ');
    repo.sh(`${env} sh -c '${scenario.setup.join(' && ')}'`);
    // poetry's lock file, committed as its users do.
    if (scenario.files['pyproject.toml'] !== undefined) {
      repo.git('add', 'poetry.lock');
      repo.git('commit', '-q', '-m', 'lock');
    }

    const linked = await doctorFindings(repo.dir);
    expect(linked.baseline?.ok ?? false).toBe(false);
    const refused = linked.problems.find((p) => /^(node_modules|\.venv) it would run/.test(p)) ?? '';
    expect(refused).toMatch(/^\.venv it would run your checkout's code, not the attempt's/);
    expect(refused).toMatch(scenario.pointer);

    repo.configure({ ...BASE, evaluator, workspace: { setup: scenario.setup } });
    const built = await doctorFindings(repo.dir);
    expect(built.baseline, built.progress.join('\n')).toMatchObject({ ok: true, score: 1 });
    const { result, lines } = await runApi(repo.dir);
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const attempts = await attemptsOf(repo.dir);
    expect(attempts.find((a) => a.id === 'a1')).toMatchObject({ status: 'scored', score: 1 });
    expect(attempts.find((a) => a.id === 'a2')).toMatchObject({ status: 'invalid' });
    expect(attempts.find((a) => a.id === 'a3')).toMatchObject({ status: 'scored', score: 2 });
    // Setup ran once, in doctor's worktree; every attempt's worktree got its venv from the cache.
    const setups = provisionedSetups(repo.dir);
    expect(setups.length).toBeGreaterThanOrEqual(3);
    expect(setups.every((s) => !s.ran && s.reused), JSON.stringify(setups)).toBe(true);
  }, 600_000);
});
