/**
 * Two-stage Ctrl-C: the first drains (no new attempts; running ones finish and are recorded),
 * the second forces (children killed, attempts marked interrupted). SIGTERM counts the same.
 */
export const installInterrupts = (say: (line: string) => void): { drain: AbortSignal; force: AbortSignal; dispose: () => void } => {
  const drain = new AbortController();
  const force = new AbortController();
  const onSignal = (): void => {
    if (!drain.signal.aborted) {
      drain.abort();
      say('draining: no new attempts; running ones finish and are recorded (Ctrl-C again to stop them now)');
      return;
    }
    if (!force.signal.aborted) {
      force.abort();
      say('stopping: killing agents and evaluators, marking their attempts interrupted');
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    drain: drain.signal,
    force: force.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
};
