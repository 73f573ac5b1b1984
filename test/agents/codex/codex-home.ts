import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { codexConfigToml } from '../../support/fake-llm/openai-responses.js';

/**
 * A fresh CODEX_HOME whose provider is the fake server at `baseUrl`. Not under /tmp: codex
 * refuses to put its sandbox helper below a temporary folder, and then no shell command (nor
 * apply_patch) runs at all ("bwrap: execvp codex-linux-sandbox: No such file or directory").
 */
export const createCodexHome = (baseUrl: string): { dir: string; cleanup: () => void } => {
  const cache = join(homedir(), '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'swarm-codex-test-'));
  writeFileSync(join(dir, 'config.toml'), codexConfigToml(baseUrl));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};
