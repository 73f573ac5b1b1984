/** The signals that stop a run at once: a service manager's stop (SIGTERM), a closed terminal (SIGHUP). */
const STOP_SIGNALS = ['SIGTERM', 'SIGHUP'] as const;

/**
 * Two-stage Ctrl-C: the first drains (no new attempts; running ones finish and are recorded),
 * the second forces (children killed, attempts marked interrupted). SIGTERM and SIGHUP stop at
 * once, like a second Ctrl-C (whoever sends them will not wait for attempts to finish, and may send
 * SIGKILL next): running attempts are marked interrupted and `swarm run` resumes them. Both signals
 * are aborted with the signal's name as the reason, so the run's stop reason can say which it was.
 */
export const installInterrupts = (say: (line: string) => void): { drain: AbortSignal; force: AbortSignal; dispose: () => void } => {
  const drain = new AbortController();
  const force = new AbortController();
  const onInterrupt = (): void => {
    if (!drain.signal.aborted) {
      drain.abort('Ctrl-C');
      say('draining: no new attempts; running ones finish and are recorded (Ctrl-C again to stop them now)');
      return;
    }
    if (!force.signal.aborted) {
      force.abort('Ctrl-C');
      say('stopping: killing agents and evaluators, marking their attempts interrupted');
    }
  };
  const onStop = (name: string): void => {
    if (force.signal.aborted) return;
    if (!drain.signal.aborted) drain.abort(name);
    force.abort(name);
    say(`stopping on ${name}: killing agents and evaluators, marking their attempts interrupted (\`swarm run\` resumes the run)`);
  };
  const stops = STOP_SIGNALS.map((name) => [name, (): void => onStop(name)] as const);
  process.on('SIGINT', onInterrupt);
  for (const [name, handler] of stops) process.on(name, handler);
  return {
    drain: drain.signal,
    force: force.signal,
    dispose: () => {
      process.off('SIGINT', onInterrupt);
      for (const [name, handler] of stops) process.off(name, handler);
    },
  };
};
