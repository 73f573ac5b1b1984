import { describe, expect, it } from 'vitest';
import { allowedEnv, isAllowedEnvName, passedEnv } from '../../../src/core/trust/env-allow-list.js';

describe('the evaluator environment allow-list', () => {
  it('lets tools, locale, temp dir, SWARM_* and GPU variables through and nothing else', () => {
    const env = {
      PATH: '/usr/bin', HOME: '/home/u', LANG: 'C.UTF-8', LC_ALL: 'C', TMPDIR: '/tmp', TERM: 'xterm', USER: 'u',
      SWARM_ATTEMPT_ID: 'a3', CUDA_VISIBLE_DEVICES: '0',
      AWS_SECRET_ACCESS_KEY: 'x', GITHUB_TOKEN: 'x', HF_TOKEN: 'x', DATABASE_URL: 'x', NODE_OPTIONS: '--require evil.js', UNSET: undefined,
    };
    expect(Object.keys(allowedEnv(env)).sort()).toEqual(['CUDA_VISIBLE_DEVICES', 'HOME', 'LANG', 'LC_ALL', 'PATH', 'SWARM_ATTEMPT_ID', 'TERM', 'TMPDIR', 'USER']);
  });

  it('adds the names evaluator.passEnv lists', () => {
    expect(isAllowedEnvName('HF_TOKEN')).toBe(false);
    expect(isAllowedEnvName('HF_TOKEN', ['HF_TOKEN'])).toBe(true);
    expect(passedEnv({ HF_TOKEN: 'hf', OTHER: 'o' }, ['HF_TOKEN', 'MISSING'])).toEqual({ HF_TOKEN: 'hf' });
  });
});
