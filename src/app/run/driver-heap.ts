import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the V8 heap of a process that drives a run close to what it holds. Each of the ~15 child
 * processes (git, agent, evaluator) an attempt starts is forked, which copies the page tables of
 * the driver's resident set (a trivial spawn took 4.7 / 42 / 107 ms from 50 / 150 / 350 MiB), so a
 * driver's CPU per attempt follows its size. V8 would grow the young
 * generation to 2 x 16 MiB under a driver's allocation rate, and let the old one reach up to 4x its
 * live ~20 MiB before a full collection; here the young generation stays at its initial 1 MiB
 * semi-spaces and the old one is collected at 1.3x: peak RSS of a growth run 174 -> 109 MiB, flat
 * over the run, for the same driver CPU per attempt (docs/decisions.md). Both flags are read at
 * each collection, so setting them once the process runs takes effect (unlike
 * --max-semi-space-size, read only when the heap is set up).
 */
export const keepDriverHeapSmall = (): void => {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=30');
};
