import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The promise of docs/architecture.md ("Adding an evaluation runner"), kept: in a scratch copy of
 * the source, a new evaluator runner with settings of its own, a leftovers reaper, a storage check
 * and a job label is its folder under src/eval/runners plus its line in the registry, nothing else;
 * then the typecheck, the runner registry's tests and the folder lint test pass there.
 * (The same scaffolding as add-a-backend.test.ts, without the CLI build.)
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NAME = 'fixture-runner';

/** The runner's folder, as a contributor would write it from the docs. */
const FOLDER: Record<string, string> = {
  'settings.ts': `import { runnerSettings } from '../runner-settings.js';

/** \`evaluator.fixtureRunner\`: where the fixture cluster keeps its jobs. */
export const fixtureRunnerSettings = runnerSettings({
  key: 'fixtureRunner',
  description: 'Settings of evaluator.runner "fixture-runner" (a test fixture).',
  schema: ({ z, duration }) => z.strictObject({
    queue: z.string().min(1).default('default').describe('The fixture queue jobs go to.'),
    pollInterval: duration.prefault('2s').describe('Time between polls of a job.'),
  }),
});
`,
  'index.ts': `import { localRunner } from '../local/index.js';
import type { EvaluatorRunnerDescriptor } from '../runner-descriptor.js';
import { fixtureRunnerSettings } from './settings.js';

/** \`fixture-runner\`: evaluations on a fixture cluster (here: this machine, under the local runner). */
export const fixtureRunner: EvaluatorRunnerDescriptor<typeof fixtureRunnerSettings> = {
  doc: 'a fixture evaluation runner added by a test: its folder and one registry line',
  settings: fixtureRunnerSettings,
  jobLabel: 'fixture job',
  leftovers: {
    jobs: 'fixture job',
    lookByHand: 'the fixture queue',
    reap: () => Promise.resolve({ unavailable: false, cancelled: [], stillListed: [] }),
  },
  checkStorage: (dir, evaluator) => Promise.resolve(evaluator.fixtureRunner.queue === 'default' ? { kind: 'seen' } : { kind: 'unchecked', detail: \`queue \${evaluator.fixtureRunner.queue} at \${dir}\` }),
  create: (evaluator, context) => localRunner.create(evaluator, context),
};
`,
};

/**
 * What the scratch copy needs: the source, the configs, the docs, and every test (all of test/
 * typechecks with the new runner; bench for the test that imports its report module, the vitest
 * config files for the types the tests share).
 */
const COPIED = ['src', 'test', 'bench', 'vitest.config.ts', 'vitest.global-setup.ts', 'tsconfig.json', 'package.json', 'docs/architecture.md'];
const TESTS = ['test/eval/runners/registry.test.ts', 'test/lint/folder-cycles.test.ts'];

/** The typecheck of the copy, all of test/ included, is most of it (~39 s of CPU); 347 s on a machine shared by several suites (a load of 18). */
const SLOW = 480_000;

let scratch = '';

const run = (file: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });

/** The registry with one import and one entry more, written as a contributor would. */
const addRegistryLine = (registry: string): string => {
  const withImport = registry.replace(/^(import .*\n)(?!import)/m, `$1import { fixtureRunner } from './${NAME}/index.js';\n`);
  const withEntry = withImport.replace(/(\n} as const;)/, `\n  '${NAME}': fixtureRunner,$1`);
  expect(withEntry.split('\n').length - registry.split('\n').length).toBe(2);
  return withEntry;
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'swarm-add-runner-'));
  for (const path of COPIED) cpSync(join(ROOT, path), join(scratch, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  // Only the named tests, and no global setup (it would build the copy's dist/ for the integration suites).
  writeFileSync(join(scratch, 'vitest.config.mjs'), `export default { test: { include: ${JSON.stringify(TESTS)}, pool: 'forks', maxWorkers: 1 } };\n`);
  mkdirSync(join(scratch, 'src/eval/runners', NAME));
  for (const [file, text] of Object.entries(FOLDER)) writeFileSync(join(scratch, 'src/eval/runners', NAME, file), text);
  const registry = join(scratch, 'src/eval/runners/registry.ts');
  writeFileSync(registry, addRegistryLine(readFileSync(registry, 'utf8')));
});

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

describe('adding an evaluation runner is its folder and one registry line', () => {
  it('typechecks, and the runner registry and folder lint tests pass with it', async () => {
    const typecheck = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], scratch);
    expect(typecheck.output).toBe('');
    expect(typecheck.code).toBe(0);
    const tests = await run(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs'], scratch);
    expect(tests.output).toMatch(/Test Files\s+2 passed \(2\)/);
    expect(tests.code, tests.output).toBe(0);
    expect(readFileSync(join(scratch, 'src/eval/runners/registry.ts'), 'utf8')).toContain(`'${NAME}': fixtureRunner`);
  }, SLOW);
});
