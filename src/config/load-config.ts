import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { applyOverrides, labelOverriddenProblems, type ConfigOverrides } from './overrides.js';
import { parseJsonc } from './parse-jsonc.js';
import type { SwarmConfig } from './resolve-config.js';
import { validateConfig } from './validate-config.js';

export const CONFIG_FILE_NAME = '.swarmrc.json';

export interface LoadedConfig {
  config: SwarmConfig;
  /** Absolute path of the file read. */
  file: string | null;
  /** Content of the task prompt file. */
  prompt: string;
}

export interface LoadConfigOptions {
  /** Config file, relative to repoRoot or absolute; default `<repoRoot>/.swarmrc.json`. */
  file?: string;
  overrides?: ConfigOverrides;
}

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

const readConfigText = async (file: string, explicit: boolean): Promise<string> => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw new SwarmError('CONFIG_INVALID', `cannot read ${file}: ${String(error)}`, { cause: error });
    const message = explicit
      ? `config file ${file} not found; check the --config path, or run \`swarm init\` to write one`
      : `no ${CONFIG_FILE_NAME} in ${path.dirname(file)}; run \`swarm init\` to write one, or pass --config <file>`;
    throw new SwarmError('CONFIG_NOT_FOUND', message, { cause: error });
  }
};

// Comments and trailing commas are allowed: `.swarmrc.json` is a file people edit and annotate.
const parseConfigJson = (text: string, file: string): unknown => {
  const parsed = parseJsonc(text.replace(/^\uFEFF/, ''));
  if (parsed.ok) return parsed.value;
  const { line, column, reason } = parsed.error;
  throw new SwarmError('CONFIG_INVALID', `${file} is not valid JSON: line ${line}, column ${column}: ${reason}`);
};

const readRepoFile = async (repoRoot: string, relative: string, key: string): Promise<string> => {
  const absolute = path.resolve(repoRoot, relative);
  try {
    if (!(await stat(absolute)).isFile()) throw new SwarmError('CONFIG_INVALID', `${key}: ${relative} in ${repoRoot} is not a file`);
    return await readFile(absolute, 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
    throw new SwarmError('CONFIG_INVALID', `${key}: file ${relative} not found in ${repoRoot}`, { cause: error });
  }
};

/**
 * Reads, validates and resolves the configuration of the repository at `repoRoot`, applies CLI
 * overrides, and reads the task prompt. Throws one SwarmError listing every problem.
 */
export const loadConfig = async (repoRoot: string, options: LoadConfigOptions = {}): Promise<LoadedConfig> => {
  const explicit = options.file !== undefined;
  const file = path.resolve(repoRoot, options.file ?? CONFIG_FILE_NAME);
  const raw = parseConfigJson(await readConfigText(file, explicit), file);
  const { raw: merged, flags } = applyOverrides(raw, options.overrides);
  const validation = validateConfig(merged);
  if (!validation.ok) {
    const problems = labelOverriddenProblems(validation.problems, flags);
    const heading = `${file} has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:`;
    throw new SwarmError('CONFIG_INVALID', [heading, ...problems.map((line) => `  ${line}`)].join('\n'));
  }
  const { config } = validation;
  const prompt = await readRepoFile(repoRoot, config.task.prompt, 'task.prompt');
  if (config.agent.systemPrompt !== null) await readRepoFile(repoRoot, config.agent.systemPrompt, 'agent.systemPrompt');
  return { config, file, prompt };
};
