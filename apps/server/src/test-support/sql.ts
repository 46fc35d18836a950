// Tests that check or arrange rows no repository function reaches: one SQL text, with `?` for its
// values, run on either engine's handle. Write SQL both accept (booleans as true/false, counts
// read as numbers on both: the PostgreSQL handle parses bigint and numeric as numbers).
import type { Db, PgHandle, SqliteHandle } from '@invoice-reader/db';

// biome-ignore lint/suspicious/noExplicitAny: rows are checked field by field by the tests
type Row = Record<string, any>;

/** Runs `text` with `params` and answers its rows (none for a statement that answers none). */
export async function sqlRows<T extends Row = Row>(db: Db, text: string, ...params: unknown[]): Promise<T[]> {
  if (db.engine === 'sqlite') {
    const stmt = (db as SqliteHandle).$client.prepare(text);
    if (stmt.reader) return stmt.all(...params) as T[];
    stmt.run(...params);
    return [];
  }
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  return (await (db as PgHandle).$client.query(numbered, params)).rows as T[];
}

/** The first row of `text`, or undefined. */
export async function sqlRow<T extends Row = Row>(
  db: Db,
  text: string,
  ...params: unknown[]
): Promise<T | undefined> {
  return (await sqlRows<T>(db, text, ...params))[0];
}
