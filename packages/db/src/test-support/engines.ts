// The db suite on both engines: `describe.each(ENGINES)` and, inside, `databases(engine)`, which
// opens a fresh database per test (SQLite in memory; PostgreSQL as a new database on a throw-away
// server started once for the test file, stopped after it). Without PostgreSQL's binaries each
// PostgreSQL test fails with startPostgres's message: none is skipped.
import pg from 'pg';
import { afterAll } from 'vitest';
import { type RunningPostgres, startPostgres } from '../../../../scripts/postgres.mjs';
import { closeHandle, openDatabase } from '../database.js';
import type { DbHandle } from '../handle.js';
import { openPostgres } from '../handle-pg.js';
import type { accounts } from '../schema.js';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

export interface TestDatabases {
  /** A fresh, migrated database of the engine. */
  open(): Promise<DbHandle>;
  /** Makes an empty database on the server (PostgreSQL only) and answers its URL. */
  create(): Promise<string>;
}

// One server for the test file (each file runs in a process of its own), started by the first
// test that asks for a PostgreSQL database and stopped when the file is done (a hook of the file,
// registered here).
let started: Promise<RunningPostgres> | undefined;
afterAll(async () => {
  await (await started?.catch(() => undefined))?.stop();
});
// Database names made on that server, and the one migrated once and copied for each test.
let made = 0;
let template: Promise<string> | undefined;

/** The engine's databases for a `describe`, closed after it. */
export function databases(engine: Engine): TestDatabases {
  const opened: DbHandle[] = [];
  afterAll(async () => {
    for (const db of opened) await closeHandle(db);
  });
  const urlOf = async (database: string) => {
    if (engine !== 'postgres') throw new Error('no PostgreSQL server for this engine');
    started ??= startPostgres();
    return (await started).url.replace(/\/postgres$/, `/${database}`);
  };
  /** One statement on the server's `postgres` database (a database is made outside one). */
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: await urlOf('postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const create = async () => {
    const name = `test_${++made}`;
    await admin(`create database ${name}`);
    return await urlOf(name);
  };
  const migrated = async () => {
    template ??= (async () => {
      const url = await create();
      await closeHandle(await openPostgres(url));
      return url.slice(url.lastIndexOf('/') + 1);
    })();
    const name = `test_${++made}`;
    await admin(`create database ${name} template ${await template}`);
    return await urlOf(name);
  };
  return {
    create,
    async open() {
      const db = engine === 'sqlite' ? openDatabase(':memory:') : await openPostgres(await migrated());
      opened.push(db);
      return db;
    },
  };
}

/** An account made through the builder (accounts.ts is still SQLite's alone). */
export async function addAccount(
  db: DbHandle,
  email: string,
  { balanceMinor = 0 }: { balanceMinor?: number } = {},
): Promise<typeof accounts.$inferSelect> {
  const { orm, t } = db;
  const [row] = await orm
    .insert(t.accounts)
    .values({ email, createdAt: '2026-01-01T00:00:00.000Z', balanceMinor })
    .returning();
  return row!;
}
