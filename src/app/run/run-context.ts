import type { RunDeps } from './run-deps.js';
import type { RunState } from './run-state.js';

export type { RunDeps } from './run-deps.js';
export type { Incumbent, RunState } from './run-state.js';

/**
 * What the attempt life cycle is handed: the run's ports and its state, as one object (the steps
 * read `ctx.store` and move `ctx.incumbent`). Code that needs no state takes `RunDeps` (or a Pick).
 */
export type RunContext = RunDeps & RunState;
