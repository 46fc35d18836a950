// The db suite on both engines: `describe.each(ENGINES)` and, inside, `databases(engine)`, which
// opens a fresh database per test (SQLite in memory; PostgreSQL as a new database on the test
// file's throw-away server, scripts/test-databases.ts). TEST_ENGINE narrows the run to one engine.
import { afterAll } from 'vitest';
import {
  chosenEngine,
  ENGINE_NAMES,
  type Engine,
  emptyPostgresDatabase,
  migratedPostgresDatabase,
} from '../../../../scripts/test-databases.js';
import { closeHandle, openDatabase } from '../database.js';
import type { DbHandle } from '../handle.js';
import { openPostgres } from '../handle-pg.js';
import type { accounts } from '../schema.js';

export type { Engine };
/** The engines of this run: TEST_ENGINE's, or both when it is unset. */
export const ENGINES: readonly Engine[] = [chosenEngine() ?? ENGINE_NAMES].flat();

export interface TestDatabases {
  /** A fresh, migrated database of the engine. */
  open(): Promise<DbHandle>;
  /** Makes an empty database on the server (PostgreSQL only) and answers its URL. */
  create(): Promise<string>;
}

/** The engine's databases for a `describe`, closed after it. */
export function databases(engine: Engine): TestDatabases {
  const opened: DbHandle[] = [];
  afterAll(async () => {
    for (const db of opened) await closeHandle(db);
  });
  return {
    async create() {
      if (engine !== 'postgres') throw new Error('no PostgreSQL server for this engine');
      return await emptyPostgresDatabase();
    },
    async open() {
      const db =
        engine === 'sqlite' ? openDatabase(':memory:') : await openPostgres(await migratedPostgresDatabase());
      opened.push(db);
      return db;
    },
  };
}

/** An account made through the builder, with a balance set at once (no ledger row). */
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
