/** What the attempt has waited so far, and the wait it would start now. */
export interface ParkState {
  /** Waits this attempt already made. */
  parks: number;
  /** Time it already spent waiting (ms). */
  waitedMs: number;
  /** Length of the wait it would start now (ms). */
  nextWaitMs: number;
  kind: 'rate-limit' | 'usage-limit';
  /** The limit's own words (HTTP status, the CLI's message). */
  detail: string;
}

export interface ParkLimits {
  maxParks: number;
  maxWaitMs: number;
}

const hours = (ms: number): string => (ms >= 3_600_000 ? `${Math.round((ms / 3_600_000) * 10) / 10} h` : `${Math.round(ms / 60_000)} min`);

/**
 * Null when the attempt may park once more; else why it ends (failed): past `agent.limits.maxParks`
 * waits, or a wait that would take its total past `agent.limits.maxWait`. A limit that never lifts
 * (a key without quota, a server that always answers 429) then ends the attempt, and the circuit
 * breaker, seeing the same failure repeated, the run.
 */
export const parkVerdict = (state: ParkState, limits: ParkLimits): string | null => {
  const what = `${state.kind.replace('-', ' ')} still in effect`;
  if (state.parks >= limits.maxParks) {
    return `${what} after ${state.parks} wait(s) of this attempt (agent.limits.maxParks = ${limits.maxParks}): ${state.detail}; the attempt ends; check the account's quota or the model server, or raise agent.limits.maxParks`;
  }
  if (state.waitedMs + state.nextWaitMs > limits.maxWaitMs) {
    return `${what}: waiting until its reset would take this attempt's waits to ${hours(state.waitedMs + state.nextWaitMs)}, past agent.limits.maxWait (${hours(limits.maxWaitMs)}): ${state.detail}; the attempt ends; raise agent.limits.maxWait to wait longer`;
  }
  return null;
};
