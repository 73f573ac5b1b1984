import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// What a user gets from `npm i -g swarm-orchestrator`: the packed tarball installed into a clean
// prefix, its bin run in a fresh repository. `npx swarm-orchestrator` runs the same single bin.
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const manifest = z.object({ version: z.string(), bin: z.record(z.string(), z.string()), files: z.array(z.string()) })
  .parse(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')));
const initResult = z.object({ written: z.array(z.string()), skipped: z.array(z.string()) });
const configFile = z.looseObject({ $schema: z.string() });

const PROGRAM = `# EVOLVE-BLOCK-START
STEP = 0.5
# EVOLVE-BLOCK-END
print(STEP)
`;

let root: string;
let prefix: string;
let project: string;
const swarm = (args: string[]) => execa(join(prefix, 'bin', 'swarm'), args, { cwd: project, reject: false, env: { NO_COLOR: '1' } });
const installed = (...parts: string[]): string => join(prefix, 'lib', 'node_modules', 'swarm-orchestrator', ...parts);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'swarm-pack-'));
  prefix = join(root, 'prefix');
  project = join(root, 'project');
  const packed = await execa('npm', ['pack', '--pack-destination', root, '--json'], { cwd: REPO });
  const tarball = join(root, z.array(z.object({ filename: z.string() })).parse(JSON.parse(packed.stdout))[0]?.filename ?? '');
  // --ignore-scripts: without its prebuilt download better-sqlite3 compiles SQLite from source
  // (minutes); no command run here opens the store. The registry is needed only on a cold cache.
  await execa('npm', ['install', '--global', '--prefix', prefix, tarball, '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: root, env: { npm_config_update_notifier: 'false' },
  });
  mkdirSync(project);
  await execa('git', ['init', '-q', '-b', 'main'], { cwd: project });
}, 240_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the packed package, installed globally', () => {
  it('has one bin, so `npx swarm-orchestrator` and `swarm` run the same CLI', () => {
    expect(Object.keys(manifest.bin)).toEqual(['swarm']);
    expect(existsSync(join(prefix, 'bin', 'swarm'))).toBe(true);
  });

  it('ships what the installed CLI reads: dist, schema.json, skills, evaluator templates, examples', () => {
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'schema.json', 'skills', 'evaluators', 'examples']));
    expect(existsSync(installed('dist', 'cli', 'main.js'))).toBe(true);
    expect(manifest.bin['swarm']).toBe('dist/cli/bin.cjs');
    expect(JSON.parse(readFileSync(installed('schema.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(join(REPO, 'schema.json'), 'utf8')));
    expect(readdirSync(installed('skills')).sort()).toEqual(readdirSync(join(REPO, 'skills')).sort());
    expect(existsSync(installed('evaluators', 'template_evaluate.py'))).toBe(true);
    expect(existsSync(installed('evaluators', 'template-evaluate.mjs'))).toBe(true);
    expect(readdirSync(installed('examples')).sort()).toEqual(readdirSync(join(REPO, 'examples')).sort());
    expect(existsSync(installed('test'))).toBe(false);
    expect(existsSync(installed('src'))).toBe(false);
  });

  it('prints its version', async () => {
    const result = await swarm(['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(manifest.version);
  });

  it('`swarm init` writes the starter files, and the config\'s $schema names a file in the project', async () => {
    const result = await swarm(['init', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const { written, skipped } = initResult.parse(JSON.parse(result.stdout));
    expect(skipped).toEqual([]);
    expect(written.map((file) => file.slice(project.length + 1)).sort()).toEqual(['.swarm/schema.json', '.swarmrc.json', 'evaluate.py', 'prompt.md']);
    for (const file of written) expect(existsSync(file)).toBe(true);
    const config = configFile.parse(JSON.parse(readFileSync(join(project, '.swarmrc.json'), 'utf8')));
    const schemaFile = resolve(project, config.$schema);
    expect(schemaFile.startsWith(project)).toBe(true);
    expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual(JSON.parse(readFileSync(installed('schema.json'), 'utf8')));
    const status = await execa('git', ['status', '--porcelain'], { cwd: project });
    expect(status.stdout.split('\n').sort()).toEqual(['?? .swarmrc.json', '?? evaluate.py', '?? prompt.md']);
  });

  it('`swarm doctor` checks the new project and finds the local backend ready once code is marked', async () => {
    writeFileSync(join(project, 'program.py'), PROGRAM);
    await execa('git', ['add', '-A'], { cwd: project });
    await execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'baseline'], { cwd: project });
    const result = await swarm(['doctor']);
    expect(result.stdout).toContain(`config: ${join(project, '.swarmrc.json')}`);
    expect(result.stdout).toMatch(/ok\s+local \(configured\)/);
    expect(result.exitCode, result.stdout).toBe(0);
  });
});
