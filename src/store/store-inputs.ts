// The store's inputs are part of the RunStore port; this name stays for the store's importers.
export type { AttemptPatch, NewAttempt, NewRun, RunPatch } from '../core/ports/run-store.js';
