/**
 * What stopped the run, from the abort reason of its drain or force signal: the signal's name
 * (SIGTERM, SIGHUP: set by the CLI) or a Ctrl-C.
 */
export const stoppedBy = (...signals: AbortSignal[]): string => {
  for (const signal of signals) {
    const reason: unknown = signal.reason;
    if (signal.aborted && typeof reason === 'string' && /^SIG[A-Z]+$/.test(reason)) return reason;
  }
  return 'Ctrl-C';
};

/** The stop reason of a run that a signal or Ctrl-C stopped. */
export const interruptedReason = (...signals: AbortSignal[]): string => `stopped by ${stoppedBy(...signals)}; run \`swarm run\` again to resume`;
