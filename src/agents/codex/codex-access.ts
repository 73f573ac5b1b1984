import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodexConfig } from '../../config/resolve-config.js';
import { runProcess } from '../../process/run-process.js';
import { homeOf, isSet, type AccessCheck, type Env } from '../access/access-check.js';

/** The model provider codex uses and the variable its key comes from (null: the provider needs none). */
interface CodexProvider {
  name: string;
  envKey: string | null;
  baseUrl: string | null;
}

const unquote = (value: string): string => value.trim().replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');

/** The few keys of codex's config.toml that decide authentication: top-level `model_provider` and each provider's `env_key`. */
const readCodexToml = (file: string): { provider: string | null; model: string | null; envKeys: Map<string, string>; baseUrls: Map<string, string> } => {
  const envKeys = new Map<string, string>();
  const baseUrls = new Map<string, string>();
  let provider: string | null = null;
  let model: string | null = null;
  if (!existsSync(file)) return { provider, model, envKeys, baseUrls };
  let table = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      table = (header[1] ?? '').trim();
      continue;
    }
    const pair = /^([A-Za-z0-9_.-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair) continue;
    const key = pair[1] ?? '';
    const value = unquote(pair[2] ?? '');
    if (table === '' && key === 'model_provider') provider = value;
    if (table === '' && key === 'model') model = value;
    const providerTable = /^model_providers\.(.+)$/.exec(table);
    if (providerTable && key === 'env_key') envKeys.set(unquote(providerTable[1] ?? ''), value);
    if (providerTable && key === 'base_url') baseUrls.set(unquote(providerTable[1] ?? ''), value);
  }
  return { provider, model, envKeys, baseUrls };
};

const codexHomeFor = (env: Env): string => (isSet(env.CODEX_HOME) ? (env.CODEX_HOME ?? '') : join(homeOf(env), '.codex'));

/**
 * The model codex runs when agent.model is unset: `-c model=…` of agent.codex.configOverrides, else
 * `model` of its config.toml; null = codex picks its own default (from its model catalogue).
 */
export const codexConfiguredModel = (settings: CodexConfig, env: Env = process.env): string | null => {
  const overridden = settings.configOverrides.model;
  return overridden === undefined ? readCodexToml(join(codexHomeFor(env), 'config.toml')).model : unquote(overridden);
};

const codexProvider = (settings: CodexConfig, codexHome: string): CodexProvider | null => {
  // A profile or --oss picks the provider in ways not worth re-implementing: codex is trusted then.
  if (settings.extraArgs.some((arg) => arg === '--oss' || arg === '--profile' || arg === '-p' || arg === '-c')) return null;
  const toml = readCodexToml(join(codexHome, 'config.toml'));
  const overridden = settings.configOverrides.model_provider;
  const name = overridden === undefined ? (toml.provider ?? 'openai') : unquote(overridden);
  const envOverride = settings.configOverrides[`model_providers.${name}.env_key`];
  const urlOverride = settings.configOverrides[`model_providers.${name}.base_url`];
  return {
    name,
    envKey: envOverride === undefined ? (toml.envKeys.get(name) ?? null) : unquote(envOverride),
    baseUrl: urlOverride === undefined ? (toml.baseUrls.get(name) ?? null) : unquote(urlOverride),
  };
};

/** Codex: its login (auth.json under CODEX_HOME), CODEX_API_KEY, or the key variable of a custom model provider. */
export const codexAccess = async (settings: CodexConfig, binaryPath: string | null, env: Env): Promise<AccessCheck> => {
  const codexHome = codexHomeFor(env);
  if (isSet(env.CODEX_HOME) && !existsSync(codexHome)) {
    return { ok: false, detail: `CODEX_HOME points to ${codexHome}, which does not exist; create it and log in (\`codex login\`), or unset CODEX_HOME` };
  }
  const provider = codexProvider(settings, codexHome);
  if (provider === null) return { ok: true, detail: 'provider chosen by agent.codex.extraArgs (not checked)' };
  if (provider.name !== 'openai') {
    const endpoint = provider.baseUrl === null ? {} : { baseUrl: provider.baseUrl };
    if (provider.envKey === null) return { ok: true, detail: `model provider "${provider.name}" names no key variable (env_key)`, ...endpoint };
    return isSet(env[provider.envKey])
      ? { ok: true, detail: `model provider "${provider.name}": ${provider.envKey} is set`, ...endpoint }
      : { ok: false, detail: `codex's model provider "${provider.name}" reads its key from ${provider.envKey}, which is not set; export ${provider.envKey}` };
  }
  if (isSet(env.CODEX_API_KEY)) return { ok: true, detail: 'CODEX_API_KEY is set' };
  const authFile = join(codexHome, 'auth.json');
  if (existsSync(authFile)) return { ok: true, detail: `logged in (${authFile})` };
  if (binaryPath !== null && (await codexLoginStatus(binaryPath, env))) return { ok: true, detail: 'logged in (codex login status)' };
  // Measured with codex 0.171.0: `codex exec` sends no key when only OPENAI_API_KEY is set.
  const openAiNote = isSet(env.OPENAI_API_KEY) ? ' (codex exec does not read OPENAI_API_KEY)' : '';
  return {
    ok: false,
    detail: `Codex is not logged in: no ${authFile} and CODEX_API_KEY is not set${openAiNote}; run \`codex login\` (or \`printenv OPENAI_API_KEY | codex login --with-api-key\`), or export CODEX_API_KEY`,
  };
};

/** `codex login status` exits 0 when logged in (also with a keyring store instead of auth.json). */
const codexLoginStatus = async (binaryPath: string, env: Env): Promise<boolean> => {
  const result = await runProcess(binaryPath, ['login', 'status'], { env, extendEnv: false, timeoutMs: 15_000 });
  return result.exitCode === 0;
};
