import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { redactSecrets } from './env-secrets.js';

export type { Logger };

/** Keys whose values never reach a log line, wherever they appear. */
const REDACT = [
  'apiKey', '*.apiKey', 'env', '*.env', 'headers.authorization', '*.headers.authorization',
  'ANTHROPIC_API_KEY', 'OPENAI_API_KEY', '*.ANTHROPIC_API_KEY', '*.OPENAI_API_KEY',
];

/**
 * The run log: JSON lines in `.swarm/logs/swarm.log`. stdout stays for command results, so
 * nothing here writes to it; child loggers bind run, attempt and backend.
 */
export const createRunLogger = (logsDir: string, level: string): { logger: Logger; flush: () => void } => {
  mkdirSync(logsDir, { recursive: true });
  // Synchronous writes: a SIGKILLed run still leaves every line it logged (a few lines per attempt).
  const destination = pino.destination({ dest: join(logsDir, 'swarm.log'), mkdir: true, sync: true });
  // Keys by path above; secret values of swarm's environment wherever they appear in a line.
  const logger = pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: { pid: process.pid }, hooks: { streamWrite: redactSecrets } }, destination);
  return { logger, flush: () => destination.end() };
};

