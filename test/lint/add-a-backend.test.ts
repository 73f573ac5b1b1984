import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToyRepo } from '../support/toy-repo.js';

/**
 * The promise of docs/architecture.md ("Adding an agent backend"), kept: in a scratch copy of the
 * source, a new agent CLI backend is its folder under src/agents plus its line in the registry,
 * nothing else; then the typecheck, the registry's tests and the lint tests pass there, and the CLI
 * built from that copy takes the backend under agent.runner "slurm", in agent.pool and in doctor.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NAME = 'fixture-cli';

/** The backend's folder, as a contributor would write it from the docs. */
const FOLDER: Record<string, string> = {
  'settings.ts': `import { backendSettings } from '../backend-settings.js';

/** \`agent.fixtureCli\`: the executable of the fixture agent CLI. */
export const fixtureCliSettings = backendSettings({
  key: 'fixtureCli',
  description: 'Settings of the "fixture-cli" backend (a test fixture).',
  schema: ({ z }) => z.strictObject({
    binary: z.string().min(1).default('fixture-agent').describe('The fixture agent CLI, a name on PATH or a path.'),
  }),
});
`,
  'index.ts': `import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import { findBinary, requireBinary } from '../cli-common/resolve-binary.js';
import { fixtureCliSettings } from './settings.js';

const INSTALL_HINT = 'put the fixture-agent script on PATH';

/** \`fixture-cli\`: an agent CLI that takes the prompt as its argument. */
export const fixtureCliBackend: AgentBackendDescriptor<typeof fixtureCliSettings> = {
  doc: 'a fixture agent CLI added by a test: its folder and one registry line',
  settings: fixtureCliSettings,
  capabilities: { slurmJob: true, diffMode: false, revisesNearDuplicate: false, offline: false, accessReadsProject: false },
  defaultModel: () => ({ model: null, from: 'the fixture CLI\\'s own default' }),
  binary: (config) => ({ name: config.agent.fixtureCli.binary, setting: 'agent.fixtureCli.binary' }),
  installHint: INSTALL_HINT,
  pricedByTokens: () => false,
  create: async (config) => {
    const { createFixtureCliAgent } = await import('./fixture-cli-agent.js');
    return createFixtureCliAgent(requireBinary(config.agent.fixtureCli.binary, 'agent.fixtureCli.binary', INSTALL_HINT));
  },
  access: async (config, _root, env) => {
    const path = findBinary(config.agent.fixtureCli.binary, env);
    return path === null ? { ok: false, detail: \`\${config.agent.fixtureCli.binary} is not on PATH\` } : { ok: true, detail: \`runs \${path}\` };
  },
  probe: null,
};
`,
  'fixture-cli-agent.ts': `import { zeroUsage } from '../../core/domain/types.js';
import type { AgentBackend } from '../../core/ports/agent-backend.js';
import { runProcess } from '../../process/run-process.js';

/** Runs the fixture CLI with the prompt in the worktree; its stdout is the summary. */
export const createFixtureCliAgent = (binaryPath: string): AgentBackend => ({
  name: 'fixture-cli',
  run: async (task, signal) => {
    const result = await runProcess(binaryPath, [task.prompt], { cwd: task.worktree, timeoutMs: task.timeoutMs, signal });
    return result.exitCode === 0
      ? { status: 'completed', summary: result.stdout, hypothesis: null, usage: zeroUsage() }
      : { status: 'failed', summary: '', hypothesis: null, usage: zeroUsage(), error: result.stderr || \`exit \${String(result.exitCode)}\` };
  },
});
`,
};

/**
 * What the scratch copy needs: the source, the configs, the build script, the docs the lint tests
 * read, and every test (the whole of test/ typechecks with the new backend; bench for the one test
 * that imports its report module, the vitest config files for the types the tests share).
 */
const COPIED = ['src', 'test', 'bench', 'vitest.config.ts', 'vitest.global-setup.ts', 'tsconfig.json', 'package.json', 'scripts/bundle-cli.mjs', 'docs/architecture.md'];

const TESTS = ['test/agents/registry.test.ts', 'test/lint/backend-folders.test.ts', 'test/lint/folder-cycles.test.ts'];

/**
 * Both tests together cost ~45 s of CPU (the typecheck of the copy, all of test/ included, most of
 * it: 39 s of CPU alone): about that long on an idle 2-core machine, 346 s for the first test on
 * one shared by several suites (measured at a load of 18).
 */
const SLOW = 480_000;

let scratch = '';
let bin = '';

const run = (file: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string; stdout: string }> =>
  new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output, stdout }));
  });

/** The registry with one import and one entry more, written as a contributor would. */
const addRegistryLine = (registry: string): string => {
  const withImport = registry.replace(/^(import .*\n)(?!import)/m, `$1import { fixtureCliBackend } from './${NAME}/index.js';\n`);
  const withEntry = withImport.replace(/(\n} as const satisfies)/, `\n  '${NAME}': fixtureCliBackend,$1`);
  expect(withEntry.split('\n').length - registry.split('\n').length).toBe(2);
  return withEntry;
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'swarm-add-backend-'));
  for (const path of COPIED) cpSync(join(ROOT, path), join(scratch, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  // Only the named tests, and no global setup (it would build the copy's dist/ for the integration suites).
  writeFileSync(join(scratch, 'vitest.config.mjs'), `export default { test: { include: ${JSON.stringify(TESTS)}, pool: 'forks', maxWorkers: 1 } };\n`);
  mkdirSync(join(scratch, 'src/agents', NAME));
  for (const [file, text] of Object.entries(FOLDER)) writeFileSync(join(scratch, 'src/agents', NAME, file), text);
  const registry = join(scratch, 'src/agents/registry.ts');
  writeFileSync(registry, addRegistryLine(readFileSync(registry, 'utf8')));
  // The agent CLI itself, on PATH for doctor.
  bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'fixture-agent'), '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "fixture-agent 1.0"; else echo "did nothing"; fi\n');
  chmodSync(join(bin, 'fixture-agent'), 0o755);
});

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

const doctorReport = z.object({
  config: z.string(),
  configured: z.string(),
  backends: z.array(z.object({ backend: z.string(), ok: z.boolean(), auth: z.object({ ok: z.boolean(), detail: z.string() }) })),
  pool: z.array(z.object({ name: z.string(), backend: z.string(), ok: z.boolean() })),
  project: z.object({ problems: z.array(z.object({ problem: z.string(), fix: z.string() })) }).nullable(),
});

describe('adding an agent backend is its folder and one registry line', () => {
  it('typechecks, and the registry and lint tests pass with it', async () => {
    const typecheck = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], scratch);
    expect(typecheck.output).toBe('');
    expect(typecheck.code).toBe(0);
    const tests = await run(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs'], scratch);
    expect(tests.output).toMatch(/Test Files\s+3 passed \(3\)/);
    expect(tests.code, tests.output).toBe(0);
    // The registry test met the new backend: its settings section and its Slurm placement.
    expect(readFileSync(join(scratch, 'src/agents/registry.ts'), 'utf8')).toContain(`'${NAME}': fixtureCliBackend`);
  }, SLOW);

  it('the CLI built from the copy takes it under agent.runner "slurm", in agent.pool and in swarm doctor', async () => {
    const built = await run(process.execPath, ['scripts/bundle-cli.mjs'], scratch);
    expect(built.code, built.output).toBe(0);
    const repo = createToyRepo({
      agent: {
        backend: NAME,
        runner: 'slurm',
        pool: [{ backend: NAME, runner: 'slurm' }, { backend: 'local', runner: 'local' }],
      },
    });
    try {
      const doctor = await run(process.execPath, [join(scratch, 'dist/cli/main.js'), 'doctor', '--json', '--no-baseline'], repo.dir, { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });
      const report = doctorReport.parse(JSON.parse(doctor.stdout));
      // The project's config was used (not the defaults a refused config falls back to).
      expect(report.config).toContain('.swarmrc.json');
      expect(report.configured).toBe(NAME);
      expect(report.project?.problems.map((p) => p.problem).join('\n') ?? '').not.toMatch(/agent\.|runner|backend/);
      expect(report.backends.find((b) => b.backend === NAME)).toMatchObject({ ok: true, auth: { ok: true, detail: `runs ${join(bin, 'fixture-agent')}` } });
      expect(report.pool.map((entry) => [entry.backend, entry.ok])).toEqual([[NAME, true], ['local', true]]);
    } finally {
      repo.cleanup();
    }
  }, SLOW);
});
