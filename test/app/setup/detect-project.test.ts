import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectProjectKind } from '../../../src/app/setup/detect-project.js';
import { findProgram, pathsNamedIn } from '../../../src/app/setup/find-program.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const project = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-detect-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
};

describe('detectProjectKind', () => {
  it('python: uv, poetry, requirements (a .venv to create, named for the checkout), an existing .venv shared', () => {
    expect(detectProjectKind(project({ 'pyproject.toml': '', 'uv.lock': '' }))).toMatchObject({ kind: 'python', setup: ['uv sync --frozen'], python: 'uv run --frozen python', evidence: ['uv.lock', 'pyproject.toml'] });
    expect(detectProjectKind(project({ 'pyproject.toml': '', 'poetry.lock': '' }))).toMatchObject({ setup: ['poetry install --no-interaction'], python: 'poetry run python' });
    const requirements = detectProjectKind(project({ 'requirements.txt': 'numpy\n' }));
    expect(requirements).toMatchObject({ setup: ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -r requirements.txt'], python: '.venv/bin/python', linkVenv: false });
    expect(requirements.checkoutHint).toContain('your checkout has no .venv');
    const venv = detectProjectKind(project({ 'requirements.txt': '', '.venv/bin/python': '' }));
    expect(venv).toMatchObject({ setup: [], python: '.venv/bin/python', linkVenv: true, checkoutHint: null });
  });

  it('node: the lock file names the install, a build script is run, npm start runs a program without main', () => {
    const npm = detectProjectKind(project({ 'package.json': JSON.stringify({ scripts: { build: 'tsc', start: 'node dist/index.js' } }), 'package-lock.json': '{}', 'src/index.ts': '' }));
    expect(npm).toMatchObject({ kind: 'node', language: 'node', setup: ['npm ci --prefer-offline --no-audit --no-fund', 'npm run --silent build'], runCommand: ['npm', 'run', '--silent', 'start'], solutionGlobs: ['src'] });
    expect(detectProjectKind(project({ 'package.json': '{"main":"index.js"}', 'pnpm-lock.yaml': '' }))).toMatchObject({ setup: ['pnpm install --frozen-lockfile --offline'], runCommand: null });
  });

  it('rust and go run as a whole; nothing known is unknown', () => {
    expect(detectProjectKind(project({ 'Cargo.toml': '' }))).toMatchObject({ kind: 'rust', runCommand: ['cargo', 'run', '--release', '--offline', '--quiet'], solutionGlobs: ['src/**/*.rs'], language: 'node' });
    expect(detectProjectKind(project({ 'go.mod': '' }))).toMatchObject({ kind: 'go', runCommand: ['go', 'run', '.'], setup: ['go build ./...'] });
    expect(detectProjectKind(project({ 'notes.txt': '' }))).toMatchObject({ kind: 'unknown', setup: [], python: 'python3' });
  });
});

describe('findProgram', () => {
  it('prefers the file with an EVOLVE-BLOCK, then package.json main, then a usual name, then the only __main__ script', () => {
    const marked = project({ 'main.py': 'x = 1\n', 'lib/solver.py': '# EVOLVE-BLOCK-START\n# EVOLVE-BLOCK-END\n', 'evaluate.py': '# EVOLVE-BLOCK-START\n' });
    expect(findProgram(marked, 'python', ['evaluate.py', 'lib/solver.py', 'main.py'])).toEqual({ program: 'lib/solver.py', reason: 'it holds an EVOLVE-BLOCK', marked: true });
    const node = project({ 'package.json': '{"main":"./lib/run.js"}', 'lib/run.js': '', 'index.js': '' });
    expect(findProgram(node, 'node', ['index.js', 'lib/run.js', 'package.json']).program).toBe('lib/run.js');
    expect(findProgram(project({ 'solve.py': '' }), 'python', ['solve.py']).program).toBe('solve.py');
    const guarded = project({ 'helpers.py': 'def f(): pass\n', 'pack.py': 'if __name__ == "__main__":\n    pass\n', 'test_pack.py': 'if __name__ == "__main__": pass\n' });
    expect(findProgram(guarded, 'python', ['helpers.py', 'pack.py', 'test_pack.py'])).toMatchObject({ program: 'pack.py' });
    expect(findProgram(project({ 'a.py': '', 'b.py': '' }), 'python', ['a.py', 'b.py']).program).toBeNull();
    expect(findProgram(project({ 'src/main.rs': '' }), 'rust', ['src/main.rs']).program).toBeNull();
  });
});

describe('pathsNamedIn', () => {
  it('finds relative paths named by string literals that exist, and nothing else', () => {
    const dir = project({ 'data/points.csv': '1\n', 'weights/m.bin': '', '.env': 'K=1\n' });
    const code = `open("data/points.csv"); load('./weights/m.bin'); dotenv(".env"); open("missing.csv"); url = "https://x/y"; abs = "/etc/passwd"; up = "../x"; s = "two words"`;
    expect(pathsNamedIn(dir, [code])).toEqual(['.env', 'data/points.csv', 'weights/m.bin']);
  });
});
