import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether `python3 -m venv` works here (the tests that build real virtual environments need it). */
export const hasPythonVenv = spawnSync('python3', ['-c', 'import venv, ensurepip'], { stdio: 'ignore' }).status === 0;

/**
 * pip's environment for installs without the network: this machine's local package index when it
 * has one (pip would otherwise retry pypi.org for a minute), else whatever pip is configured with.
 */
export const PIP_ENV: Record<string, string> = existsSync('/opt/pypi/simple')
  ? { PIP_INDEX_URL: 'file:///opt/pypi/simple', PIP_RETRIES: '0', PIP_DISABLE_PIP_VERSION_CHECK: '1' }
  : { PIP_DISABLE_PIP_VERSION_CHECK: '1' };

/** A setuptools package `sorty` (flat layout: pip's editable install writes a finder with MAPPING) and its pytest test. */
export const SORTY_FILES: Record<string, string> = {
  '.gitignore': '.venv/\n',
  'pyproject.toml': `[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "sorty"
version = "0.1.0"

[project.optional-dependencies]
test = ["pytest"]

[tool.setuptools]
packages = ["sorty"]
`,
  'sorty/__init__.py': 'def srt(items):\n    return sorted(items)\n',
  'tests/test_sorty.py': 'from sorty import srt\n\n\ndef test_sorts():\n    assert srt([3, 1, 2]) == [1, 2, 3]\n',
};

/** The package broken: its test fails wherever this code is what runs. */
export const SORTY_BROKEN = 'def srt(items):\n    return list(items)\n';

/** Builds the checkout's own `.venv` with the package installed editable and pytest, as its users do. */
export const EDITABLE_VENV = 'python3 -m venv .venv && .venv/bin/python -m pip install --quiet -e ".[test]"';
