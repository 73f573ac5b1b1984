import { existsSync, statSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CONFIG_FILE_NAME, completeConfigFile } from '../../config-assembly/index.js';
import { mapOpenEvolve } from '../../config-assembly/from-openevolve.js';
import { SwarmError } from '../../core/domain/errors.js';
import { packageRoot } from '../project/package-root.js';
import { initRepository, insideRepository } from '../../workspace/init-repository.js';
import { writeSchemaCopy } from '../project/schema-copy.js';

export interface OpenEvolveInit {
  /** The OpenEvolve example directory read. */
  source: string;
  written: string[];
  skipped: string[];
  /** Files of the example copied into the target (empty when the target is the example itself). */
  copied: string[];
  notes: string[];
  unmapped: string[];
  /** The name of the OpenEvolve config file read, or null when the example has none. */
  configFile: string | null;
  /** The baseline commit, when this command created the repository. */
  committed: string | null;
}

const ADAPTER = 'openevolve_adapter.py';
const LEFT_BEHIND = new Set(['.git', '__pycache__', 'openevolve_output', '.swarm', 'node_modules']);

/** The example directory and its config.yaml (null when absent) from a directory or a .yaml path. */
const locateExample = (from: string): { dir: string; configFile: string | null } => {
  if (!existsSync(from)) throw new SwarmError('USAGE', `--from-openevolve ${from} does not exist; give an OpenEvolve example directory or its config.yaml`);
  if (statSync(from).isFile()) return { dir: dirname(from), configFile: from };
  const configFile = ['config.yaml', 'config.yml'].map((name) => join(from, name)).find((file) => existsSync(file)) ?? null;
  return { dir: from, configFile };
};

const findProgram = async (dir: string, suffix: string | null): Promise<string> => {
  const candidates = (await readdir(dir)).filter((name) => name.startsWith('initial_program.'));
  const chosen = candidates.find((name) => suffix !== null && name.endsWith(suffix)) ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (chosen === undefined) {
    const found = candidates.length === 0 ? 'none' : candidates.join(', ');
    throw new SwarmError('USAGE', `${dir} has no single initial_program.* (found: ${found}); OpenEvolve examples keep the program to evolve there`);
  }
  return chosen;
};

const readYaml = async (file: string): Promise<unknown> => {
  try {
    return parseYaml(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    throw new SwarmError('CONFIG_INVALID', `${file} is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; fix it or pass the example directory without it`, { cause: error });
  }
};

const suffixOf = (config: unknown): string | null => {
  if (typeof config !== 'object' || config === null || !('file_suffix' in config)) return null;
  return typeof config.file_suffix === 'string' ? config.file_suffix : null;
};

const promptFrom = (systemMessage: string | null, program: string, configFile: string | null): string => [
  '# Task',
  '',
  systemMessage ?? `Improve the program in \`${program}\` so that the evaluator scores it higher.`,
  '',
  `- Evolve the code between EVOLVE-BLOCK-START and EVOLVE-BLOCK-END in \`${program}\`.`,
  configFile === null ? '- Do not modify the evaluator or the adapter.' : `- Do not modify the evaluator, the adapter or ${configFile}.`,
  '',
].join('\n');

/**
 * `swarm init --from-openevolve <example> [dir]`: writes .swarmrc.json, prompt.md and the adapter
 * from an OpenEvolve example (its config.yaml, evaluator.py and initial_program.*), copies the
 * example into `dir` when that is another directory, and commits a baseline when `dir` is not yet
 * a git repository. Never overwrites without `force`.
 */
export const initFromOpenEvolve = async (options: { from: string; dir: string; force?: boolean; alsoWrite?: (dir: string) => Promise<string[]> }): Promise<OpenEvolveInit> => {
  const { dir: source, configFile } = locateExample(resolve(options.from));
  const target = resolve(options.dir);
  await mkdir(target, { recursive: true });
  const evaluatorFile = 'evaluator.py';
  if (!existsSync(join(source, evaluatorFile))) throw new SwarmError('USAGE', `${source} has no evaluator.py; OpenEvolve examples define evaluate(program_path) there`);
  const yaml = configFile === null ? null : await readYaml(configFile);
  const programFile = await findProgram(source, suffixOf(yaml));
  const evaluatorSource = await readFile(join(source, evaluatorFile), 'utf8');
  const stageFunctions = [1, 2, 3].filter((n) => new RegExp(`^def\\s+evaluate_stage${n}\\s*\\(`, 'm').test(evaluatorSource));
  const mapping = mapOpenEvolve({
    config: yaml, configFile: configFile === null ? null : basename(configFile), evaluatorFile, programFile, adapterFile: ADAPTER, stageFunctions, reportsCombinedScore: evaluatorSource.includes('combined_score'),
  });
  const copied = source === target ? [] : await copyExample(source, target, options.force ?? false);
  const files: Array<{ path: string; write: (path: string) => Promise<void> }> = [
    { path: join(target, CONFIG_FILE_NAME), write: (p) => writeFile(p, `${JSON.stringify(completeConfigFile(mapping.config), null, 2)}\n`) },
    { path: join(target, 'prompt.md'), write: (p) => writeFile(p, promptFrom(mapping.systemMessage, programFile, configFile === null ? null : basename(configFile))) },
    { path: join(target, ADAPTER), write: (p) => copyFile(join(packageRoot(), 'evaluators', ADAPTER), p) },
  ];
  const written: string[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (existsSync(file.path) && !options.force) skipped.push(file.path);
    else {
      await file.write(file.path);
      written.push(file.path);
    }
  }
  written.push(...await writeSchemaCopy(target));
  // Files another step adds (the skills of `init --skills`) belong in the baseline commit too.
  written.push(...((await options.alsoWrite?.(target)) ?? []));
  const committed = (await insideRepository(target)) ? null : await initRepository(target, `baseline: OpenEvolve example ${basename(source)}`);
  return { source, written, skipped, copied, notes: mapping.notes, unmapped: mapping.unmapped, configFile: configFile === null ? null : basename(configFile), committed };
};

/** Copies the example's files (not its outputs, caches or git data) into the target directory. */
const copyExample = async (source: string, target: string, force: boolean): Promise<string[]> => {
  const copied: string[] = [];
  for (const name of await readdir(source)) {
    if (LEFT_BEHIND.has(name) || name.endsWith('.pyc')) continue;
    const to = join(target, name);
    if (existsSync(to) && !force) continue;
    await cp(join(source, name), to, { recursive: true });
    copied.push(to);
  }
  return copied;
};
