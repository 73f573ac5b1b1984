import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodexConfig } from './settings.js';
import { homeOf, isSet, type Env } from '../access/access-check.js';

// The few reads of codex's config.toml, apart from codex-access.ts (which runs `codex login status`)
// so that the descriptor can name codex's model for pricing without loading a process runner.

export const unquote = (value: string): string => value.trim().replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');

/** The few keys of codex's config.toml that decide authentication: top-level `model_provider` and each provider's `env_key`. */
export const readCodexToml = (file: string): { provider: string | null; model: string | null; envKeys: Map<string, string>; baseUrls: Map<string, string> } => {
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

export const codexHomeFor = (env: Env): string => (isSet(env.CODEX_HOME) ? (env.CODEX_HOME ?? '') : join(homeOf(env), '.codex'));

/**
 * The model codex runs when agent.model is unset: `-c model=…` of agent.codex.configOverrides, else
 * `model` of its config.toml; null = codex picks its own default (from its model catalogue).
 */
export const codexConfiguredModel = (settings: CodexConfig, env: Env = process.env): string | null => {
  const overridden = settings.configOverrides.model;
  return overridden === undefined ? readCodexToml(join(codexHomeFor(env), 'config.toml')).model : unquote(overridden);
};
