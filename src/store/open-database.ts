import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SwarmError } from '../core/errors.js';
import { MIGRATIONS } from './migrations.js';

export type Db = Database.Database;

/** Opens (creating if needed) the run database with WAL, a busy timeout, and all migrations applied. */
export const openDatabase = (path: string, options: { mustExist?: boolean } = {}): Db => {
  let db: Db;
  try {
    if (!options.mustExist) mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { fileMustExist: options.mustExist ?? false });
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
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
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

const migrate = (db: Db): void => {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MIGRATIONS.length) {
    throw new SwarmError('STORE_FAILED', `the database schema (${current}) is newer than this swarm knows (${MIGRATIONS.length}); upgrade swarm`);
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    const sql = MIGRATIONS[version] ?? '';
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
};
