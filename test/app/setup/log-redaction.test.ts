import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Set before the redactor first looks at the environment (once per process).
process.env.LOG_TEST_PRIVATE_TOKEN = 'canary-log-token-4d1e9b';

const { createRunLogger } = await import('../../../src/app/project/logger.js');
const { redactEvalOutcome } = await import('../../../src/app/evaluation/redaction.js');

describe('secret values of swarm\'s environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-log-redaction-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never reach a log line, whatever field carries them', () => {
    const { logger, flush } = createRunLogger(dir, 'info');
    logger.info({ attempt: 'a1', detail: { output: 'printed canary-log-token-4d1e9b here' } }, 'evaluator said canary-log-token-4d1e9b');
    logger.error({ err: new Error('failed with canary-log-token-4d1e9b') }, 'attempt failed');
    flush();
    const log = readFileSync(join(dir, 'swarm.log'), 'utf8');
    expect(log).toContain('evaluator said [redacted]');
    expect(log).toContain('attempt failed');
    expect(log).not.toContain('canary-log-token-4d1e9b');
  });

  it('are redacted from evaluation tails, feedback and reason before they are stored', () => {
    const outcome = redactEvalOutcome({
      metrics: {}, score: null, valid: false, reason: 'bad key canary-log-token-4d1e9b', feedback: 'saw canary-log-token-4d1e9b',
      instances: null, artifacts: null, exitCode: 1, signal: null, timedOut: false, durationMs: 1,
      stdoutTail: 'out canary-log-token-4d1e9b', stderrTail: 'err canary-log-token-4d1e9b', jobId: null,
    });
    expect(JSON.stringify(outcome)).not.toContain('canary-log-token-4d1e9b');
    expect(outcome.stdoutTail).toBe('out [redacted]');
  });
});
