import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectTests, testFileGlobs } from '../../../src/app/setup/detect-tests.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with these files; returns it and the file list as git would track it. */
const project = (files: Record<string, string>): { dir: string; tracked: string[] } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-detect-tests-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return { dir, tracked: Object.keys(files).sort() };
};

const detect = (files: Record<string, string>, python = ['python3']): ReturnType<typeof detectTests> => {
  const { dir, tracked } = project(files);
  return detectTests(dir, tracked, python);
};

describe('detectTests', () => {
  it('npm: scripts.test with its hooks, and a bench script as the benchmark', () => {
    const found = detect({
      'package.json': JSON.stringify({ scripts: { pretest: 'npm run build', test: 'uvu test', bench: 'node bench' }, devDependencies: { uvu: '1' } }),
      'test/index.js': '', 'bench/index.js': '', 'src/index.js': '',
    });
    expect(found).toMatchObject({ ecosystem: 'node', tests: { argv: ['npm', 'test'], reason: 'package.json scripts.test (with pretest)', timedArgv: ['npm', 'test', '--ignore-scripts'] } });
    expect(found?.bench).toMatchObject({ argv: ['npm', 'run', '--silent', 'bench'], parse: 'wall-time', metric: 'seconds' });
    expect(found?.protect).toEqual(['bench/**', 'test/**']);
  });

  it('npm: the runner in devDependencies when scripts.test is npm\'s placeholder; vitest bench files are the benchmark', () => {
    const found = detect({
      'package.json': JSON.stringify({ scripts: { test: 'echo "Error: no test specified" && exit 1' }, devDependencies: { vitest: '3' } }),
      'src/sum.ts': '', 'src/sum.test.ts': '', 'src/sum.bench.ts': '',
    });
    expect(found?.tests.argv).toEqual(['npx', '--no-install', 'vitest', 'run']);
    expect(found?.bench).toMatchObject({ parse: 'json-mean', metric: 'bench_mean' });
    expect(found?.bench?.argv).toContain('{json}');
    expect(found?.protect).toEqual(['src/*.bench.*', 'src/*.test.*']);
  });

  it('npm: jest, mocha, uvu by devDependencies; node --test by its default file names; nothing without tests', () => {
    expect(detect({ 'package.json': JSON.stringify({ devDependencies: { jest: '30' } }) })?.tests.argv).toEqual(['npx', '--no-install', 'jest']);
    expect(detect({ 'package.json': JSON.stringify({ devDependencies: { mocha: '10' } }) })?.tests.argv).toEqual(['npx', '--no-install', 'mocha']);
    expect(detect({ 'package.json': JSON.stringify({ devDependencies: { uvu: '0.5' } }), 'tests/a.js': '' })?.tests.argv).toEqual(['npx', '--no-install', 'uvu', 'tests']);
    expect(detect({ 'package.json': '{}', 'lib/parse_test.mjs': '' })?.tests).toMatchObject({ argv: ['node', '--test'] });
    expect(detect({ 'package.json': '{"main":"index.js"}', 'index.js': '' })).toBeNull();
  });

  it('python: pytest where the project configures it or has a tests folder, else unittest; pytest-benchmark as the benchmark', () => {
    const configured = detect({ 'pyproject.toml': '[tool.pytest.ini_options]\n', 'pkg/__init__.py': '', 'pkg/test_core.py': '' }, ['.venv/bin/python']);
    expect(configured).toMatchObject({ ecosystem: 'python', tests: { argv: ['.venv/bin/python', '-m', 'pytest', '-p', 'no:cacheprovider'], reason: 'pytest configured in the project' } });
    expect(configured?.protect).toEqual(['pkg/test_*.py']);
    expect(detect({ 'setup.py': '', 'tests/test_a.py': '' })?.tests.reason).toBe('a tests folder (pytest)');
    expect(detect({ 'setup.py': '', 'test_calc.py': '', 'calc.py': '' })?.tests.argv).toEqual(['python3', '-m', 'unittest', 'discover']);
    const bench = detect({ 'pyproject.toml': '[project]\noptional-dependencies = { dev = ["pytest", "pytest-benchmark"] }\n', 'tests/test_speed.py': '' });
    expect(bench?.bench).toMatchObject({ parse: 'json-mean', metric: 'bench_mean' });
    expect(detect({ 'pyproject.toml': '[project]\nname = "x"\n', 'x.py': '' })).toBeNull();
  });

  it('python: unittest where the project runs it (tox `-m unittest`) or every test file is unittest and none imports pytest', () => {
    const UNIT = 'import unittest\n\nclass TestA(unittest.TestCase):\n    def test_a(self):\n        pass\n';
    // tomli's shape: a tests package, unittest.TestCase, tox running `python -m unittest`.
    const tox = detect({ 'pyproject.toml': '[tool.tox.env_run_base]\ncommands = [\n    ["python", "-m", "unittest"],\n]\n', 'tests/__init__.py': '', 'tests/test_a.py': UNIT }, ['.venv/bin/python']);
    expect(tox?.tests.argv).toEqual(['.venv/bin/python', '-m', 'unittest', 'discover']);
    expect(tox?.protect).toEqual(['tests/**']);
    // A tests folder that is not a package: discovery starts there.
    expect(detect({ 'setup.py': '', 'tests/test_a.py': UNIT })?.tests.argv).toEqual(['python3', '-m', 'unittest', 'discover', '-s', 'tests']);
    // One file that imports pytest, a conftest, or pytest named in the project: pytest.
    expect(detect({ 'setup.py': '', 'tests/test_a.py': UNIT, 'tests/test_b.py': 'import pytest\n\ndef test_b():\n    pass\n' })?.tests.argv).toContain('pytest');
    expect(detect({ 'setup.py': '', 'tests/test_a.py': UNIT, 'conftest.py': '' })?.tests.argv).toContain('pytest');
    expect(detect({ 'setup.py': '', 'tox.ini': '[testenv]\ncommands = pytest\n', 'tests/test_a.py': UNIT })?.tests.argv).toContain('pytest');
    // Plain test functions in a tests folder stay pytest's.
    expect(detect({ 'setup.py': '', 'tests/test_a.py': 'def test_a():\n    assert 1\n' })?.tests.argv).toContain('pytest');
  });

  it('rust and go: cargo test and go test ./...; benchmarks that build on a stable toolchain', () => {
    expect(detect({ 'Cargo.toml': '[package]\nname = "a"\n', 'src/lib.rs': '', 'tests/t.rs': '' })).toMatchObject({ tests: { argv: ['cargo', 'test', '--offline'] }, bench: null, protect: ['tests/**'] });
    expect(detect({ 'Cargo.toml': '[package]\n', 'benches/b.rs': '#![feature(test)]\n' })?.bench).toBeNull();
    expect(detect({ 'Cargo.toml': '[[bench]]\nname = "b"\nharness = false\n', 'benches/b.rs': 'use criterion::*;\n' })?.bench?.argv.slice(0, 3)).toEqual(['cargo', 'bench', '--offline']);
    const go = detect({ 'go.mod': 'module x\n', 'x.go': '', 'x_test.go': 'func BenchmarkX(b *testing.B) {}\n' });
    expect(go).toMatchObject({ ecosystem: 'go', tests: { argv: ['go', 'test', '-count=1', './...'] }, bench: { parse: 'ns-per-op', metric: 'bench_ns' }, protect: ['*_test.go'] });
  });

  it('testFileGlobs: test folders whole, test files elsewhere by their usual names, anchored where they are', () => {
    expect(testFileGlobs(['src/a.js', 'test/a.js', 'spec/x/y.rb', 'lib/b.spec.ts', 'pkg/conftest.py', 'test', 'README.md', 'x.test.mjs'])).toEqual(['*.test.*', 'lib/*.spec.*', 'pkg/conftest.py', 'spec/**', 'test/**']);
    expect(testFileGlobs(['h11/__init__.py', 'h11/tests/data/a.txt', 'h11/tests/test_io.py', 'src/test/v1.test.ts', 'bench/run.js'])).toEqual(['bench/**', 'h11/tests/**', 'src/test/**']);
  });
});
