import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
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
  const destination = new LogFile(join(logsDir, 'swarm.log'));
  // Keys by path above; secret values of swarm's environment wherever they appear in a line.
  const logger = pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: { pid: process.pid }, hooks: { streamWrite: redactSecrets } }, destination);
  return { logger, flush: () => destination.close() };
};

/**
 * The run log's file. Synchronous writes: a SIGKILLed run still leaves every line it logged (a few
 * lines per attempt). A line that cannot be written (a full disk) is dropped and counted, never
 * thrown: pino's own file stream re-emits such an error where nothing listens, which kills the
 * process with a stack trace in the middle of the run's orderly stop.
 */
export class LogFile {
  private fd: number | null;
  /** Lines lost to write errors (a full disk); the first line written again says how many. */
  dropped = 0;

  constructor(file: string) {
    this.fd = openSync(file, 'a');
  }

  write(line: string): void {
    if (this.fd === null) return;
    const text = this.dropped > 0 ? `{"level":40,"time":${Date.now()},"msg":"${this.dropped} log line(s) were lost: the disk was full"}\n${line}` : line;
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let offset = 0; offset < bytes.length;) offset += writeSync(this.fd, bytes, offset);
      this.dropped = 0;
    } catch {
      this.dropped += 1;
    }
  }

  close(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Closed already; nothing is buffered.
    }
    this.fd = null;
  }
}

