// Opens the service's SQLite database: WAL (readers never wait for the writer), foreign keys on,
// and the checked-in migrations applied, so a fresh machine starts with the current schema.
// The handle is the async one of handle.ts; drizzle's synchronous database is made only to run
// the migrator. openHandle chooses the engine: PostgreSQL by a URL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { type DbHandle, type SqliteHandle, sqliteHandle } from './handle.js';
import { openPostgres, type PgHandle } from './handle-pg.js';

/** An open database of either engine: what the service holds and repositories take. */
export type Db = DbHandle;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * `busyTimeoutMs`: how long a write waits for another process's write lock before SQLITE_BUSY.
 * SQLite waits synchronously, on the caller's thread: the service passes SERVICE_BUSY_TIMEOUT_MS.
 */
export function openDatabase(
  file: string,
  { busyTimeoutMs = 5000 }: { busyTimeoutMs?: number } = {},
): SqliteHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash may lose the last commit).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  return sqliteHandle(sqlite);
}

/** The service's wait for a write lock. Its one connection waits on the event loop's thread, so
 * every request waits with it; another process writes (`admin`) for milliseconds. A lock held
 * longer answers 503 `busy` after a second instead of holding up every request for five. */
export const SERVICE_BUSY_TIMEOUT_MS = 1000;

export function closeDatabase(db: SqliteHandle): void {
  if (db.$client.open) db.$client.close();
}

/**
 * The database DATABASE_URL names: PostgreSQL for a postgres:// (or postgresql://) URL, the
 * SQLite `file` when it is unset or empty (the default). Anything else is refused, the URL not
 * repeated (it may hold a password).
 */
export async function openHandle({
  url,
  file,
  busyTimeoutMs,
  onIdleError,
  applicationName,
}: {
  url?: string;
  file: string;
  busyTimeoutMs?: number;
  onIdleError?: (err: Error) => void;
  /** PostgreSQL's `application_name` for the pool's connections. */
  applicationName?: string;
}): Promise<DbHandle> {
  if (!url) return openDatabase(file, { busyTimeoutMs });
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new Error(
      `DATABASE_URL must be a postgres:// or postgresql:// URL (unset for SQLite), not one starting "${url.split(':')[0]}:"`,
    );
  return openPostgres(url, { onIdleError, applicationName });
}

/** Closes either engine's handle (PostgreSQL's pool waits for its connections to be returned). */
export async function closeHandle(db: DbHandle): Promise<void> {
  if (db.engine === 'postgres') await (db as PgHandle).$client.end();
  else closeDatabase(db as SqliteHandle);
}
