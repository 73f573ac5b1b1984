import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { prepared } from '../../src/store/prepared.js';

describe('prepared', () => {
  it('compiles a statement once per connection, and keeps the plucking one apart from the other', () => {
    const db = new Database(':memory:');
    const other = new Database(':memory:');
    const sql = 'SELECT 1 AS one';
    expect(prepared(db, sql)).toBe(prepared(db, sql));
    expect(prepared(other, sql)).not.toBe(prepared(db, sql));
    expect(prepared(db, sql, { pluck: true }).get()).toBe(1);
    expect(prepared(db, sql).get()).toEqual({ one: 1 });
    db.close();
    other.close();
  });
});
