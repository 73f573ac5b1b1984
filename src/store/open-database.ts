import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { MIGRATIONS } from './migrations.js';
import { sqliteOpenOptions } from './native-binding.js';

export type Db = Database.Database;

/** What the store's read helpers take: the store's connection (a `SwarmStore` is one; they do not import it, as it imports them). */
export interface DbOwner {
  readonly db: Db;
}

const BUSY_TIMEOUT_MS = 5000;

/** Opens (creating if needed) the run database with WAL, a busy timeout, and all migrations applied. */
export const openDatabase = (path: string, options: { mustExist?: boolean } = {}): Db => {
  let db: Db;
  try {
    if (!options.mustExist) mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { ...sqliteOpenOptions(), fileMustExist: options.mustExist ?? false });
  } catch (cause) {
    throw new SwarmError(
      options.mustExist ? 'NOT_FOUND' : 'STORE_FAILED',
      options.mustExist
        ? `no swarm database at ${path}; start a search with \`swarm run\` first`
        : `cannot open the swarm database at ${path}: ${String(cause)}`,
      { cause },
    );
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    enableWal(db);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (cause) {
    db.close();
    if (cause instanceof SwarmError) throw cause;
    throw new SwarmError('STORE_FAILED', `${path} is not a usable swarm database (${String(cause)}); move it aside and run again`, { cause });
  }
  return db;
};

/**
 * Caps the page cache of a process that drives a run, for hours, at SQLite's own default of 2 MiB
 * instead of better-sqlite3's 16 MiB, which a growing database fills and holds for the driver's
 * whole life. A driver's repeated reads are index searches on recent pages, and the pages it
 * evicts stay in the OS file cache.
 */
export const limitPageCache = <T extends { db: Db }>(store: T): T => {
  store.db.pragma('cache_size = -2048');
  return store;
};

/**
 * Lets a short-lived reader (status, graph, show) read the database file through a memory map
 * instead of copying every page into SQLite's cache: a `status --json` of 10,000 attempts reads
 * the whole attempts table, twice with the evaluation count (about 40 % less time for those
 * reads, measured side by side). Not for a driver: the mapped pages it touches would count in its
 * resident memory for hours. Swarm never shrinks the database file (no VACUUM), which a mapped
 * reader could not survive.
 */
export const mapForReading = <T extends { db: Db }>(store: T): T => {
  store.db.pragma('mmap_size = 268435456');
  return store;
};

/**
 * Switching a new database to WAL needs a moment alone with it, and SQLite answers SQLITE_BUSY at
 * once (the busy timeout does not apply) while another process opens it too: retried here.
 */
const enableWal = (db: Db): void => {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!(error instanceof Database.SqliteError) || error.code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
};

/**
 * Reads the schema version and applies the missing migrations in one exclusive transaction: two
 * processes creating the database at once must not both see version 0 (the second waits on the
 * busy timeout, then finds the schema in place).
 */
const migrate = (db: Db): void => {
  // Schema versions only grow: a database already at this version needs no lock.
  if (Number(db.pragma('user_version', { simple: true })) === MIGRATIONS.length) return;
  db.exec('BEGIN EXCLUSIVE');
  try {
    const current = Number(db.pragma('user_version', { simple: true }));
    if (current > MIGRATIONS.length) {
      throw new SwarmError('STORE_FAILED', `the database schema (${current}) is newer than this swarm knows (${MIGRATIONS.length}); upgrade swarm`);
    }
    for (let version = current; version < MIGRATIONS.length; version++) db.exec(MIGRATIONS[version] ?? '');
    if (current < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
};
