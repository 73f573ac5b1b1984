import { describe, expect, it } from 'vitest';
import { REDACTED, secretRedactor, secretValues } from '../../../src/core/trust/redact-secrets.js';

describe('secretValues', () => {
  it('takes values of secret-looking names of 8 characters or more, longest first', () => {
    const env = {
      GITHUB_TOKEN: 'ghp_abcdefgh',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-value-long',
      DB_PASSWORD: 'short',
      HOME: '/home/someone',
      SSH_AUTH_SOCK: '/tmp/ssh-agent.sock',
      SWARM_RUN_ID: 'r1-not-a-secret',
      LANG: 'en_US.UTF-8',
      UNSET_API_KEY: undefined,
    };
    expect(secretValues(env)).toEqual(['aws-secret-value-long', 'ghp_abcdefgh']);
  });
});

describe('secretRedactor', () => {
  it('replaces every occurrence, raw and JSON-escaped, and leaves other text alone', () => {
    const redact = secretRedactor(['s3cr3t"value', 'plainsecret']);
    expect(redact('a plainsecret b plainsecret')).toBe(`a ${REDACTED} b ${REDACTED}`);
    expect(redact(JSON.stringify({ key: 's3cr3t"value' }))).toBe(`{"key":"${REDACTED}"}`);
    expect(redact('nothing here')).toBe('nothing here');
  });

  it('replaces a secret that contains another whole', () => {
    const redact = secretRedactor(['abcdefgh', 'abcdefgh-longer']);
    expect(redact('x abcdefgh-longer y')).toBe(`x ${REDACTED} y`);
  });
});
