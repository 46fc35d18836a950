// PostgreSQL's async handle (adr/0013): a node-postgres pool under drizzle's node-postgres driver,
// its tables cast once to the SQLite schema's types so the repositories are written once, the
// migrations of migrations-pg/ applied at open, and transactions on a pooled connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DbHandle } from './handle.js';
import type * as schema from './schema.js';
import * as pgSchema from './schema-pg.js';

export const PG_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations-pg', import.meta.url));

/** The PostgreSQL handle: a pool of connections. */
export interface PgHandle extends DbHandle {
  readonly engine: 'postgres';
  /** The pool, for tests that check rows and for closing. */
  readonly $client: pg.Pool;
}

/** How the service's connections name themselves (`application_name` starts with it): its pool,
 * its queue's, the wake and the leader connections. `admin` leaves its own unnamed. */
export const SERVICE_CONNECTIONS = 'invoice-reader';

/**
 * How many connections of other service processes reach this database now: those named
 * SERVICE_CONNECTIONS… other than this pool's own (whose name is its own, unique to the process).
 * Run before this process opens its queue or leader connections, which would count.
 */
export async function otherServiceConnections(db: PgHandle): Promise<number> {
  const { rows } = await db.$client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name like $1
        and application_name <> current_setting('application_name')`,
    [`${SERVICE_CONNECTIONS}%`],
  );
  return rows[0]?.n ?? 0;
}

/** Any fixed number: the key of the session lock under which one process at a time migrates. */
export const MIGRATION_LOCK = 130_013;

/** The open transaction of the current async context. The outer handle used inside it would run
 * on another connection, outside the transaction (or wait for the transaction's own row lock for
 * ever): it fails at once instead, as on SQLite. */
const openTransaction = new AsyncLocalStorage<{ pool: pg.Pool; state: { open: boolean } }>();

type Query = pg.Pool['query'];

/**
 * Opens the database at `url` (postgres://…): a pool of `poolSize` connections, the migrations
 * applied (by one process at a time: a second one starting together waits, then finds them done).
 * `onIdleError`: a pooled connection that broke while idle (a server restart); the pool drops it.
 */
export async function openPostgres(
  url: string,
  {
    poolSize = 10,
    onIdleError,
    applicationName,
  }: {
    poolSize?: number;
    onIdleError?: (err: Error) => void;
    /** The connections' `application_name`: the service's are SERVICE_CONNECTIONS-named. */
    applicationName?: string;
  } = {},
): Promise<PgHandle> {
  readIntegersAsNumbers();
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: applicationName });
  // Without a listener an idle connection's error would end the process.
  pool.on('error', (err) => onIdleError?.(err));
  try {
    await migrateOnce(pool);
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  // drizzle's driver calls only `query` on its client: here the pool's, guarded.
  const outer = {
    query: ((...args: Parameters<Query>) => {
      const open = openTransaction.getStore();
      if (open?.pool === pool && open.state.open)
        return Promise.reject(
          new Error("the database handle was used inside a transaction on it: use the transaction's handle"),
        );
      return pool.query(...args);
    }) as Query,
  };
  const handle: PgHandle = {
    engine: 'postgres',
    orm: asSqlite(drizzle({ client: outer as unknown as pg.Pool, schema: pgSchema })),
    t: pgSchema as unknown as typeof schema,
    $client: pool,
    inside: false,
    runTransaction: ((db: PgHandle, fn: (tx: PgHandle) => Promise<unknown>) =>
      pgTransaction(pool, db, fn)) as DbHandle['runTransaction'],
  };
  return handle;
}

/** The one cast of adr/0013: PostgreSQL's drizzle database under SQLite's type. The builder
 * vocabulary both share is all a repository uses; the suite runs on both engines to hold that. */
function asSqlite(orm: unknown): DbHandle['orm'] {
  return orm as DbHandle['orm'];
}

/**
 * One READ COMMITTED transaction on a connection of its own, with a handle of its own (`tx`).
 * Unlike SQLite's, other transactions run beside it: those that move an account's money, pages
 * or a job's state serialise on the account's row (inAccountTransaction).
 */
async function pgTransaction<H extends PgHandle, T>(
  pool: pg.Pool,
  db: H,
  fn: (tx: H) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const state = { open: true };
  const inner = {
    query: ((...args: Parameters<Query>) =>
      state.open
        ? client.query(...(args as Parameters<pg.PoolClient['query']>))
        : Promise.reject(new Error("a transaction's handle was used after its transaction ended"))) as Query,
  };
  const tx = Object.assign(Object.create(db) as H, {
    orm: asSqlite(drizzle({ client: inner as unknown as pg.Pool, schema: pgSchema })),
    inside: true,
  });
  // A connection whose rollback failed is broken: the pool drops it instead of lending it again.
  let broken: Error | undefined;
  try {
    await client.query('begin isolation level read committed');
    const value = await openTransaction.run({ pool, state }, () => fn(tx));
    await client.query('commit');
    return value;
  } catch (err) {
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    state.open = false;
    client.release(broken);
  }
}

/** Applies migrations-pg/ under a session advisory lock, on one connection held throughout. */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Wait for another process's migration however long it takes: a `lock_timeout` the operator
    // set for the role or database bounds the service's lock waits, not this one.
    await client.query('set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS_DIR });
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
        .then(() => client.query('reset lock_timeout'))
        .catch((e: Error) => {
          // The lock ends with the connection: drop it.
          broken = e;
        });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * node-postgres reads `bigint` (int8, also every `count(*)`) and `numeric` (every `sum` of a
 * bigint) as strings, since they may exceed a double. Here they are counts, pages and integer
 * minor units far below 2^53, read as numbers; one beyond that fails its query instead of being
 * rounded. Set for the process (drizzle's driver reads node-postgres's parsers).
 */
function readIntegersAsNumbers(): void {
  const exact = (text: string): number => {
    const n = Number(text);
    if (!Number.isFinite(n) || (Number.isInteger(n) && !Number.isSafeInteger(n)))
      throw new RangeError(`a PostgreSQL number beyond a double's exact integers: ${text}`);
    return n;
  };
  pg.types.setTypeParser(pg.types.builtins.INT8, exact);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, exact);
}
