import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * One face, in the tests too: behaviour is tested through the API (src/index.ts) or the module
 * under test; the built CLI is started only by the tests of the CLI layer and by whole-product
 * suites, where the process boundary is the point. Each place, with its reason.
 */
const CLI_PLACES: Readonly<Record<string, string>> = {
  'test/cli/': 'the CLI layer itself: parsing, usage errors, what is printed, exit codes, Ctrl-C',
  'test/e2e/': 'whole-product suites: the built binary, a driver killed and resumed, real agent CLIs, the packed package, the browser',
  'test/skills/': 'the packaged skills, run by real agent CLIs that call `swarm` from their shell',
  'test/slurm/': 'cluster cases: jobs run the CLI on the nodes of a real Slurm',
  'test/support/': 'the helpers that start the CLI for the places above',
  'test/lint/add-a-backend.test.ts': 'issue 40\'s promise: the CLI built from a scratch copy with a fixture backend accepts it',
};

/** What starts the built CLI: the support helpers, or the built entry named directly. */
const STARTS_CLI = [/\b(runCli|startCli)\b/, /import\s*\{[^}]*\bCLI\b[^}]*\}\s*from\s*'[^']*support\/toy-repo\.js'/, /dist\/cli\/(main|bin)/];

/** Every .ts file under test/ (repository-relative, `/`-separated), fixtures and corpus snapshots left out. */
const tsFilesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' || entry.name === 'node_modules' ? [] : tsFilesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** Each file that starts the CLI outside the places for it, as `file: why`. */
export const cliOutOfPlace = (files: ReadonlyArray<{ path: string; text: string }>, places: readonly string[]): string[] =>
  files
    .filter((file) => !places.some((place) => file.path === place || (place.endsWith('/') && file.path.startsWith(place))))
    .filter((file) => STARTS_CLI.some((pattern) => pattern.test(file.text)))
    .map((file) => `${file.path}: starts the built CLI; test the behaviour through src/index.ts, or move CLI-only checks to test/cli/`);

describe('where tests start the CLI', () => {
  const files = tsFilesUnder('test').filter((path) => path !== 'test/lint/cli-in-tests.test.ts').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

  it('only in the CLI tests and whole-product suites: behaviour tests call the API', () => {
    expect(files.length).toBeGreaterThan(250);
    expect(cliOutOfPlace(files, Object.keys(CLI_PLACES))).toEqual([]);
  });

  it('each place exists', () => {
    for (const place of Object.keys(CLI_PLACES)) expect(files.some((file) => file.path === place || (place.endsWith('/') && file.path.startsWith(place))), place).toBe(true);
  });

  it('refuses planted starts of the CLI outside those places, and takes them inside', () => {
    const planted = [
      { path: 'test/app/run/x.test.ts', text: "import { runCli } from '../../support/toy-repo.js';" },
      { path: 'test/app/run/y.test.ts', text: "import { CLI, createToyRepo } from '../../support/toy-repo.js';" },
      { path: 'test/eval/z.test.ts', text: "spawn(process.execPath, [join(root, 'dist/cli/main.js'), 'run']);" },
      { path: 'test/app/run/w.test.ts', text: "import { runApi } from '../../support/api-run.js';" },
      { path: 'test/cli/commands/run.test.ts', text: "import { runCli } from '../../support/toy-repo.js';" },
      { path: 'test/e2e/resume/kill.test.ts', text: "import { startCli } from '../../support/toy-repo.js';" },
    ];
    expect(cliOutOfPlace(planted, Object.keys(CLI_PLACES)).map((line) => line.split(':')[0])).toEqual(['test/app/run/x.test.ts', 'test/app/run/y.test.ts', 'test/eval/z.test.ts']);
  });
});
