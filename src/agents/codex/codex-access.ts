import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CodexConfig } from './settings.js';
import { runProcess } from '../../process/run-process.js';
import { isSet, type AccessCheck, type Env } from '../access/access-check.js';
import { codexHomeFor, readCodexToml, unquote } from './codex-config-toml.js';

/** The model provider codex uses and the variable its key comes from (null: the provider needs none). */
interface CodexProvider {
  name: string;
  envKey: string | null;
  baseUrl: string | null;
}

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
