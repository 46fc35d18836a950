// The async database handle of adr/0013: `{ orm, t, engine }`, the drizzle database and the
// engine's tables, which repositories await. On SQLite one connection and an async mutex: a
// transaction (BEGIN IMMEDIATE … COMMIT) holds the mutex, so no other call runs inside it.
// PostgreSQL's handle (a pool, its own transactions) is made in handle-pg.ts.
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import * as schema from './schema.js';

/** What a repository reads: `const { orm, t } = db`, then `await` the builder. Either engine's
 * (PostgreSQL's tables and database are typed as SQLite's: one cast, where it is opened). */
export interface DbHandle {
  readonly engine: 'sqlite' | 'postgres';
  readonly orm: SqliteRemoteDatabase<typeof schema>;
  readonly t: typeof schema;
  /** Set on the handle a transaction's closure gets: its calls already hold the lock. */
  readonly inside: boolean;
  /** The engine's transaction, which inTransaction runs when `inside` is not set. */
  readonly runTransaction: <H extends DbHandle, T>(db: H, fn: (tx: H) => Promise<T>) => Promise<T>;
}

/** The SQLite handle: one better-sqlite3 connection. */
export interface SqliteHandle extends DbHandle {
  readonly engine: 'sqlite';
  /** The raw connection, for tests that check rows and for backups. */
  readonly $client: Database.Database;
  readonly connection: Connection;
}

/** Runs one task at a time, in the order they were asked for. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => {});
    return result;
  }
}

type Method = 'run' | 'all' | 'values' | 'get';
type Execute = (query: string, params: unknown[], method: Method) => { rows: unknown[] };

/** One open SQLite connection: its lock, its statements and the transaction open on it. */
interface Connection {
  readonly lock: Mutex;
  readonly execute: Execute;
  /** The drizzle database a transaction's closure uses (one transaction at a time). */
  readonly txOrm: SqliteRemoteDatabase<typeof schema>;
  current: { open: boolean } | undefined;
}

/** The open transaction of the current async context: a call on the outer handle inside it
 * would wait for its own transaction's lock for ever, so it fails at once instead. */
const openTransaction = new AsyncLocalStorage<{ connection: Connection; state: { open: boolean } }>();

// Statements are prepared once per connection and SQL text (the builders make few distinct
// texts), so the paths every request takes skip SQLite's prepare.
const MAX_STATEMENTS = 1000;

function executor(client: Database.Database): Execute {
  const statements = new Map<string, Database.Statement>();
  return (query, params, method) => {
    let stmt = statements.get(query);
    if (!stmt) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      stmt = client.prepare(query);
      statements.set(query, stmt);
    }
    if (!stmt.reader) {
      stmt.run(...params);
      return { rows: [] };
    }
    stmt.raw(true);
    // drizzle's proxy driver takes a `get` as the row itself, `all` as a list of rows.
    if (method === 'get') return { rows: stmt.get(...params) as unknown[] };
    return { rows: stmt.all(...params) };
  };
}

/** The async handle over an open, migrated better-sqlite3 connection. */
export function sqliteHandle(client: Database.Database): SqliteHandle {
  const execute = executor(client);
  const lock = new Mutex();
  const connection: Connection = {
    lock,
    execute,
    current: undefined,
    txOrm: drizzle(
      async (query, params, method) => {
        if (!connection.current?.open)
          throw new Error("a transaction's handle was used after its transaction ended");
        return execute(query, params, method);
      },
      { schema },
    ),
  };
  const orm = drizzle(
    async (query, params, method) => {
      const open = openTransaction.getStore();
      if (open?.connection === connection && open.state.open)
        throw new Error(
          "the database handle was used inside a transaction on it: use the transaction's handle",
        );
      return lock.run(async () => execute(query, params, method));
    },
    { schema },
  );
  return {
    engine: 'sqlite',
    orm,
    t: schema,
    $client: client,
    inside: false,
    connection,
    runTransaction: sqliteTransaction as DbHandle['runTransaction'],
  };
}

/**
 * Runs `fn` in one transaction with a handle of its own (`tx`). On SQLite an immediate one:
 * nothing else runs on the database between its reads and its writes, every other call waits for
 * it; on PostgreSQL READ COMMITTED, serialised per account by inAccountTransaction. `fn` awaits
 * only database calls, made with `tx`. Called with a transaction's handle, `fn` joins it.
 */
export function inTransaction<H extends DbHandle, T>(db: H, fn: (tx: H) => Promise<T>): Promise<T> {
  if (db.inside) return fn(db);
  return db.runTransaction(db, fn);
}

/** SQLite's: BEGIN IMMEDIATE … COMMIT holding the connection's mutex. */
function sqliteTransaction<H extends SqliteHandle, T>(db: H, fn: (tx: H) => Promise<T>): Promise<T> {
  const { connection, $client: client } = db;
  return connection.lock.run(async () => {
    const state = { open: true };
    // The caller's handle with the transaction's `orm`.
    const tx = Object.assign(Object.create(db) as H, { orm: connection.txOrm, inside: true });
    client.exec('BEGIN IMMEDIATE');
    connection.current = state;
    try {
      const value = await openTransaction.run({ connection, state }, () => fn(tx));
      client.exec('COMMIT');
      return value;
    } catch (err) {
      if (client.inTransaction) client.exec('ROLLBACK');
      throw err;
    } finally {
      state.open = false;
      connection.current = undefined;
    }
  });
}

/**
 * `inTransaction` for a transaction that moves an account's money or pages or a job's state: its
 * first statement locks the account's row. On PostgreSQL (READ COMMITTED) such transactions of
 * one account then run one after the other, as SQLite's write lock runs every transaction.
 */
export function inAccountTransaction<H extends DbHandle, T>(
  db: H,
  accountId: number,
  fn: (tx: H) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, accountId);
    return fn(tx);
  });
}

/** Locks the account's row until the transaction ends (where the account is known only inside
 * it). On SQLite nothing to do: BEGIN IMMEDIATE took the database's write lock. */
export async function lockAccount(tx: DbHandle, accountId: number): Promise<void> {
  if (!tx.inside) throw new Error("an account's row is locked with a transaction's handle");
  if (tx.engine === 'sqlite') return;
  const { t } = tx;
  // PostgreSQL's database under the SQLite type: its `execute` runs a statement as written.
  const pgOrm = tx.orm as unknown as { execute(query: SQL): Promise<unknown> };
  await pgOrm.execute(
    sql`select ${t.accounts.id} from ${t.accounts} where ${t.accounts.id} = ${accountId} for update`,
  );
}
