import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * One test layout: test/ mirrors src/. The tests of `src/<path>/x.ts` sit in `test/<path>/`,
 * unit and integration alike, and no test sits beside the code. Besides the mirror, only these
 * folders hold tests, each for a reason the mirror cannot give.
 */
const DECLARED_FOLDERS: Readonly<Record<string, string>> = {
  'test/lint': 'rules over the source tree (rooms, imports, purity, this layout, the add-a-plugin promises); no product code runs',
  'test/e2e/agents': 'the real claude and codex binaries end to end against local fakes of their model APIs; the agent\'s own shell runs the run\'s `swarm eval` shim',
  'test/e2e/api': 'the exported API (src/index.ts) called in-process, as a host program would',
  'test/e2e/package': 'the package as built and packed: its entry module, an install from the tarball',
  'test/e2e/browser': 'the dashboard and report pages in a real browser',
  'test/e2e/hostile': 'attacks on the built CLI from an agent worktree and from outside; each crosses several rooms',
  'test/e2e/resume': 'a driver process killed (SIGKILL) or interrupted (SIGINT, SIGTERM, SIGHUP), then resumed by another process',
  'test/bench': 'the bench harness, bench/ at the repository root (not in src)',
  'test/evaluators': 'the packaged evaluators, evaluators/ at the repository root (not in src)',
  'test/skills': 'the packaged skills, skills/ at the repository root, run by the real agent CLIs',
  'test/support': 'the helpers the tests share, and the tests of the global set-up\'s own helpers',
};

/** A test file, as vitest or a contributor would name it. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Folders never walked: installs, builds, hidden folders, and the corpus of real repositories with their own tests. */
const skipped = (name: string, parent: string): boolean => ['node_modules', 'dist'].includes(name) || name.startsWith('.') || (parent === '' && name === 'corpus');

/** Every test file under `dir` of the repository (repository-relative, `/`-separated; '' for the root). */
const testFilesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : posix.join(dir, entry.name);
    if (entry.isDirectory()) return skipped(entry.name, dir) ? [] : testFilesUnder(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });

const isFolder = (path: string): boolean => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isDirectory();

/**
 * Each test file out of the layout, as `file: why`: a test under src (beside the code), elsewhere
 * outside test/, among fixtures, or in a test/ folder that mirrors no folder of src and is not
 * (inside) a declared folder.
 */
const layoutViolations = (files: readonly string[], srcFolderExists: (folder: string) => boolean, declared: readonly string[]): string[] =>
  files.flatMap((file) => {
    if (file.startsWith('src/')) return [`${file}: a test beside the code; move it to test/${file.slice('src/'.length)}`];
    if (!file.startsWith('test/')) return [`${file}: a test outside test/ (vitest runs test/ only)`];
    const folder = posix.dirname(file);
    if (folder.split('/').includes('fixtures')) return [`${file}: a test among fixtures; fixtures hold data`];
    if (declared.some((d) => folder === d || folder.startsWith(`${d}/`))) return [];
    const mirrored = `src${folder.slice('test'.length)}`;
    return srcFolderExists(mirrored) ? [] : [`${file}: ${mirrored} does not exist; put it in the test/ folder mirroring the src folder it exercises, or in a declared suite`];
  });

describe('the test layout', () => {
  const files = testFilesUnder('');

  it('has no test beside the code, and every test in test/ mirrors a src folder or sits in a declared one', () => {
    expect(files.filter((file) => file.startsWith('test/')).length).toBeGreaterThan(250);
    expect(layoutViolations(files, isFolder, Object.keys(DECLARED_FOLDERS))).toEqual([]);
  });

  it('declares only folders that exist and hold tests', () => {
    for (const folder of Object.keys(DECLARED_FOLDERS)) {
      expect(isFolder(folder), folder).toBe(true);
      expect(files.some((file) => file.startsWith(`${folder}/`)), folder).toBe(true);
      expect(isFolder(`src${folder.slice('test'.length)}`), `${folder} mirrors a src folder: it needs no declaring`).toBe(false);
    }
  });

  it('is what vitest runs: test/ only', () => {
    expect(vitestConfig.test?.include).toEqual(['test/**/*.test.ts']);
  });

  it('refuses a test beside the code, one in a folder src lacks, one among fixtures, and takes mirrors and declared suites', () => {
    const src = new Set(['src/core', 'src/core/budget', 'src/app', 'src/app/setup']);
    const files = [
      'src/core/budget/pricing.test.ts',
      'test/core/budget/pricing.test.ts',
      'test/app/status-digest.test.ts',
      'test/setup/system-tools.test.ts',
      'test/app/objectives/pareto-e2e.test.ts',
      'test/e2e/hostile/attacks.test.ts',
      'test/e2e/hostile/deep/attacks.test.ts',
      'test/e2e/other/x.test.ts',
      'test/lint/rule.test.ts',
      'test/core/fixtures/project/sum.test.ts',
      'scripts/check.test.mjs',
    ];
    expect(layoutViolations(files, (folder) => src.has(folder), ['test/lint', 'test/e2e/hostile'])).toEqual([
      'src/core/budget/pricing.test.ts: a test beside the code; move it to test/core/budget/pricing.test.ts',
      'test/setup/system-tools.test.ts: src/setup does not exist; put it in the test/ folder mirroring the src folder it exercises, or in a declared suite',
      'test/app/objectives/pareto-e2e.test.ts: src/app/objectives does not exist; put it in the test/ folder mirroring the src folder it exercises, or in a declared suite',
      'test/e2e/other/x.test.ts: src/e2e/other does not exist; put it in the test/ folder mirroring the src folder it exercises, or in a declared suite',
      'test/core/fixtures/project/sum.test.ts: a test among fixtures; fixtures hold data',
      'scripts/check.test.mjs: a test outside test/ (vitest runs test/ only)',
    ]);
  });
});
