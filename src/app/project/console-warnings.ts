import { format } from 'node:util';
import type { Logger } from './logger.js';

/**
 * While a run lasts, `console.warn` (the SDKs print deprecation notices with it, once per request)
 * goes to the run log, each distinct message once, instead of into the progress stream on stderr.
 * Returns the function that puts `console.warn` back.
 */
export const routeConsoleWarnings = (logger: Logger): (() => void) => {
  const original = console.warn;
  const seen = new Set<string>();
  console.warn = (...args: unknown[]): void => {
    const text = format(...args);
    if (seen.has(text)) return;
    seen.add(text);
    logger.warn({ source: 'console.warn' }, text);
  };
  return () => {
    console.warn = original;
  };
};
