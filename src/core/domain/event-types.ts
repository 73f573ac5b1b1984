/** Event types read apart from their writers (the store's readers and the status start-up path). */

/** A backend closed by a rate or usage limit until a time (app/attempt/backend-gate.ts writes it). */
export const WAITING_EVENT = 'agent.waiting';

/** An attempt nominated by `swarm nominate` (store/nominations.ts). */
export const NOMINATED_EVENT = 'attempt.nominated';
