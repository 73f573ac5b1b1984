import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { applyOverrides, labelOverriddenProblems, type ConfigOverrides } from '../config/overrides.js';
import { parseJsonc } from '../config/parse-jsonc.js';
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

/** The text of a file the config names, or the problem with it (by its key). */
const readRepoFile = async (repoRoot: string, relative: string, key: string): Promise<{ text: string } | { problem: string }> => {
  const absolute = path.resolve(repoRoot, relative);
  try {
    if (!(await stat(absolute)).isFile()) return { problem: `${key}: ${relative} in ${repoRoot} is not a file` };
    return { text: await readFile(absolute, 'utf8') };
  } catch (error) {
    if (!isMissing(error)) throw error;
    return { problem: `${key}: file ${relative} not found in ${repoRoot}` };
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const field = (raw: unknown, section: string, key: string): unknown => {
  const part = isRecord(raw) ? raw[section] : undefined;
  return isRecord(part) ? part[key] : undefined;
};

/** The files the config names (the task prompt, a system prompt), as the config resolves them or, when it is invalid, as the raw file gives them. */
const namedFiles = (raw: unknown, config: SwarmConfig | null): Array<{ key: string; relative: string }> => {
  const prompt = config?.task.prompt ?? field(raw, 'task', 'prompt') ?? 'prompt.md';
  const system = config === null ? field(raw, 'agent', 'systemPrompt') : config.agent.systemPrompt;
  return [
    ...(typeof prompt === 'string' && prompt !== '' ? [{ key: 'task.prompt', relative: prompt }] : []),
    ...(typeof system === 'string' && system !== '' ? [{ key: 'agent.systemPrompt', relative: system }] : []),
  ];
};

/**
 * Reads, validates and resolves the configuration of the repository at `repoRoot`, applies CLI
 * overrides, and reads the task prompt. Throws one SwarmError listing every problem: the schema's
 * and the named files' together.
 */
export const loadConfig = async (repoRoot: string, options: LoadConfigOptions = {}): Promise<LoadedConfig> => {
  const explicit = options.file !== undefined;
  const file = path.resolve(repoRoot, options.file ?? CONFIG_FILE_NAME);
  const raw = parseConfigJson(await readConfigText(file, explicit), file);
  const { raw: merged, flags } = applyOverrides(raw, options.overrides);
  const validation = validateConfig(merged);
  const config = validation.ok ? validation.config : null;
  const texts = new Map<string, string>();
  const fileProblems: string[] = [];
  for (const named of namedFiles(merged, config)) {
    const read = await readRepoFile(repoRoot, named.relative, named.key);
    if ('text' in read) texts.set(named.key, read.text);
    else fileProblems.push(read.problem);
  }
  if (validation.ok && fileProblems.length === 1) throw new SwarmError('CONFIG_INVALID', fileProblems[0] ?? '');
  if (!validation.ok || fileProblems.length > 0) {
    const problems = [...(validation.ok ? [] : labelOverriddenProblems(validation.problems, flags)), ...fileProblems];
    const heading = `${file} has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:`;
    throw new SwarmError('CONFIG_INVALID', [heading, ...problems.map((line) => `  ${line}`)].join('\n'));
  }
  return { config: validation.config, file, prompt: texts.get('task.prompt') ?? '' };
};
