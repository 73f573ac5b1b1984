import type { Statement } from 'better-sqlite3';
import type { Db } from './open-database.js';

const statements = new WeakMap<Db, Map<string, Statement>>();

/**
 * The connection's prepared statement for `sql`, compiled once. A statement prepared per call is
 * compiled again each time and its native memory (out of sight of V8, so no pressure to collect
 * it) lives until a full garbage collection: a driver runs the same few dozen statements for
 * every attempt. `pluck` statements return the first column and are kept apart.
 */
export const prepared = (db: Db, sql: string, options: { pluck?: boolean } = {}): Statement => {
  let cache = statements.get(db);
  if (cache === undefined) {
    cache = new Map();
    statements.set(db, cache);
  }
  const key = options.pluck ? `pluck:${sql}` : sql;
  let statement = cache.get(key);
  if (statement === undefined) {
    statement = db.prepare(sql);
    if (options.pluck) statement.pluck();
    cache.set(key, statement);
  }
  return statement;
};
