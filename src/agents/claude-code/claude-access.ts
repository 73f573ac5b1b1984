import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { runProcess } from '../../process/run-process.js';
import { homeOf, isSet, type AccessCheck, type Env } from '../access/access-check.js';

// Claude Code 2.1.332 reads these before its login (checked in its binary and with `claude auth status`).
const CLAUDE_ENV = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN', 'CLAUDE_CODE_API_KEY_FILE_DESCRIPTOR'];
const CLAUDE_CLOUD_ENV = ['CLAUDE_CODE_USE_BEDROCK', 'CLAUDE_CODE_USE_VERTEX', 'CLAUDE_CODE_USE_FOUNDRY'];

const claudeStatusSchema = z.looseObject({ loggedIn: z.boolean(), authMethod: z.string().optional() });

/**
 * `claude auth status` (JSON, offline, exit 1 when logged out): covers keychains and apiKeyHelper too.
 * A blank CLAUDE_CONFIG_DIR counts as unset here, and is not handed on: claude takes it for the
 * current directory and writes `backups/.claude.json.backup.*` there (the user's repository).
 */
const claudeAuthStatus = async (binaryPath: string, env: Env): Promise<z.infer<typeof claudeStatusSchema> | null> => {
  const { CLAUDE_CONFIG_DIR: configDir, ...rest } = env;
  const childEnv = isSet(configDir) ? env : rest;
  const result = await runProcess(binaryPath, ['auth', 'status', '--json'], { env: childEnv, extendEnv: false, timeoutMs: 15_000 });
  return parseClaudeStatus(result.stdout);
};

const parseClaudeStatus = (stdout: string): z.infer<typeof claudeStatusSchema> | null => {
  try {
    const parsed = claudeStatusSchema.safeParse(JSON.parse(stdout));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Claude Code: a key or token variable, a cloud provider, its credentials file, or what `claude auth status` says. */
export const claudeCodeAccess = async (binaryPath: string | null, env: Env): Promise<AccessCheck> => {
  const variable = CLAUDE_ENV.find((name) => isSet(env[name]));
  if (variable !== undefined) return { ok: true, detail: `${variable} is set` };
  const cloud = CLAUDE_CLOUD_ENV.find((name) => isSet(env[name]));
  if (cloud !== undefined) return { ok: true, detail: `${cloud} is set (the cloud provider's own credentials)` };
  const configDir = isSet(env.CLAUDE_CONFIG_DIR) ? (env.CLAUDE_CONFIG_DIR ?? '') : join(homeOf(env), '.claude');
  const credentials = join(configDir, '.credentials.json');
  if (existsSync(credentials)) return { ok: true, detail: `logged in (${credentials})` };
  if (binaryPath !== null) {
    const status = await claudeAuthStatus(binaryPath, env);
    if (status?.loggedIn === true) return { ok: true, detail: `logged in (claude auth status: ${status.authMethod ?? 'yes'})` };
  }
  return {
    ok: false,
    detail: `Claude Code is not logged in: no ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or CLAUDE_CODE_OAUTH_TOKEN, and no ${credentials}; run \`claude\` and log in with /login (or \`claude setup-token\` and export CLAUDE_CODE_OAUTH_TOKEN), or export ANTHROPIC_API_KEY`,
  };
};
