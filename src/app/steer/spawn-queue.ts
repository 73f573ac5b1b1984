import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { currentProcessIdentity, isIdentityAlive } from '../../process/process-identity.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';

/** `.swarm/spawn-driver.json`: the live background driver of `swarm spawn`, if any. */
export const SPAWN_DRIVER_FILE = 'spawn-driver.json';
export const SPAWN_STOP_REASON = 'every spawned attempt finished; `swarm spawn` continues this run';
export const SPAWNED_EVENT = 'attempt.spawned';

/** `runId` is null while the driver is still claiming its run. */
export const driverIdentity = z.object({ pid: z.number().int(), started: z.number().int().nullable(), runId: z.string().nullable() });
export type DriverIdentity = z.output<typeof driverIdentity>;

/** Attempts `swarm spawn` recorded that no driver has prepared yet: running, phase prepare, no worktree. */
export const queuedAttempts = (store: RunQueries, runId: string): AttemptRecord[] => {
  const spawned = store.reports.attemptsWithEvent(runId, SPAWNED_EVENT);
  return store.listRunningAttempts().filter((a) => a.runId === runId && spawned.has(a.id) && a.phase === 'prepare' && a.worktree === null);
};

/** Whether the driver named in the file still lives and still owns its run. */
export const isDriverLive = (store: RunQueries, driver: DriverIdentity | null): boolean => {
  if (driver === null || driver.runId === null) return false;
  const run = store.getRun(driver.runId);
  return run !== null && run.status === 'running' && run.ownerPid === driver.pid && isIdentityAlive({ pid: driver.pid, started: driver.started });
};

/** The driver file's content, or null when there is none (or it is unreadable). */
export const readDriverFile = (file: string): DriverIdentity | null => {
  if (!existsSync(file)) return null;
  try {
    return driverIdentity.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
};

/**
 * Takes the driver file for this process (created exclusively: of two drivers started together,
 * one wins); a file naming a dead process is replaced. False when a live driver holds it.
 */
export const acquireDriverFile = (file: string): boolean => {
  const me = JSON.stringify({ ...currentProcessIdentity(), runId: null });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, me, { flag: 'wx' });
      return true;
    } catch {
      const holder = readDriverFile(file);
      if (holder !== null && isIdentityAlive({ pid: holder.pid, started: holder.started })) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
};

/** `.swarm/spawn-intents/`: one file per `swarm spawn` between its start and its recorded attempt. */
export const SPAWN_INTENTS_DIR = 'spawn-intents';

/**
 * Marks a spawn on its way: the driver gives its run up only when no live spawn holds an intent,
 * so a spawn that reaches an idle driver (or starts one) records its attempt before the driver goes.
 * Returns the function that withdraws the intent.
 */
export const declareSpawnIntent = (swarmDir: string): (() => void) => {
  const dir = join(swarmDir, SPAWN_INTENTS_DIR);
  mkdirSync(dir, { recursive: true });
  const me = currentProcessIdentity();
  const file = join(dir, `${me.pid}.json`);
  writeFileSync(file, JSON.stringify(me));
  return () => rmSync(file, { force: true });
};

/** Whether a live spawn holds an intent; files of spawns that died are removed. */
export const spawnPending = (swarmDir: string): boolean => {
  const dir = join(swarmDir, SPAWN_INTENTS_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  let pending = false;
  for (const name of names) {
    const file = join(dir, name);
    let holder: { pid: number; started: number | null } | null = null;
    try {
      holder = z.object({ pid: z.number().int(), started: z.number().int().nullable() }).parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      holder = null;
    }
    if (holder !== null && isIdentityAlive(holder)) pending = true;
    else if (holder !== null) rmSync(file, { force: true });
  }
  return pending;
};
