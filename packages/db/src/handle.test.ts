// The async handle on both engines: a transaction that moves an account's money is never
// interleaved by another on that account, a failed one leaves nothing, and a call on the wrong
// handle fails instead of waiting for ever. Then what is each engine's own: SQLite's write lock,
// PostgreSQL's row lock between two connections, its migrations run once by processes starting
// together, and the choice of engine by DATABASE_URL.
import { readdirSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closeHandle, openDatabase, openHandle } from './database.js';
import { type DbHandle, inAccountTransaction, inTransaction, lockAccount } from './handle.js';
import { openPostgres, PG_MIGRATIONS_DIR, type PgHandle } from './handle-pg.js';
import { addAccount, databases, ENGINES } from './test-support/engines.js';

// A turn of the event loop: whatever else is waiting gets to run.
const tick = () => new Promise((r) => setImmediate(r));

async function balance({ orm, t }: DbHandle, id = 1): Promise<number> {
  const [row] = await orm
    .select({ b: t.accounts.balanceMinor })
    .from(t.accounts)
    .where(eq(t.accounts.id, id));
  return row!.b;
}

describe.each(ENGINES)('the async handle on %s', (engine) => {
  const dbs = databases(engine);

  async function withAccount(balanceMinor: number) {
    const db = await dbs.open();
    const account = await addAccount(db, 'a@example.com', { balanceMinor });
    expect(account.id).toBe(1);
    return db;
  }

  it('keeps read-yield-write debits of an account whole while other calls run: 20 debits end exact', async () => {
    const db = await withAccount(100);
    const { orm, t } = db;
    const debit = () =>
      inAccountTransaction(db, 1, async (tx) => {
        const b = await balance(tx);
        await tick(); // the event loop turns: every other caller gets its chance to interleave
        await tx.orm
          .update(t.accounts)
          .set({ balanceMinor: b - 5 })
          .where(eq(t.accounts.id, 1));
      });
    const seen: number[] = [];
    const reads = Array.from({ length: 10 }, async () => {
      await tick();
      seen.push(await balance(db));
    });
    // Writes outside a transaction land between two debits, never inside one: each adds 1000.
    const credits = Array.from({ length: 3 }, async () => {
      await tick();
      await orm
        .update(t.accounts)
        .set({ balanceMinor: sql`${t.accounts.balanceMinor} + 1000` })
        .where(eq(t.accounts.id, 1));
    });
    await Promise.all([...Array.from({ length: 20 }, debit), ...reads, ...credits]);
    expect(await balance(db)).toBe(3000);
    // Reads never saw a debit half-done (the exact end balance is what proves the debits did
    // not interleave: a lost one would leave 5 more).
    expect(seen.every((b) => b % 5 === 0)).toBe(true);
  });

  it('rolls a failed transaction back, and the next one runs', async () => {
    const db = await withAccount(100);
    await expect(
      inTransaction(db, async (tx) => {
        await tx.orm.update(tx.t.accounts).set({ balanceMinor: 0 });
        await tx.orm.insert(tx.t.accounts).values({ email: 'b@example.com', createdAt: 'now' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await balance(db)).toBe(100);
    expect(await db.orm.$count(db.t.accounts)).toBe(1);
    await inTransaction(db, async (tx) => {
      await tx.orm.update(tx.t.accounts).set({ balanceMinor: 7 });
    });
    expect(await balance(db)).toBe(7);
  });

  it('joins an open transaction when called with its handle', async () => {
    const db = await withAccount(100);
    await expect(
      inTransaction(db, async (tx) => {
        await inAccountTransaction(tx, 1, async (inner) => {
          await inner.orm.update(inner.t.accounts).set({ balanceMinor: 1 });
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await balance(db)).toBe(100);
  });

  it("fails at once when the outer handle is used inside a transaction, or the transaction's after it", async () => {
    const db = await withAccount(100);
    // drizzle wraps the driver's error: the reason is its cause.
    const reason = (text: string) => ({
      cause: expect.objectContaining({ message: expect.stringContaining(text) }),
    });
    await expect(inTransaction(db, async () => balance(db))).rejects.toMatchObject(
      reason("use the transaction's handle"),
    );
    let kept: DbHandle | undefined;
    await inTransaction(db, async (tx) => {
      kept = tx;
    });
    await expect(balance(kept!)).rejects.toMatchObject(reason('after its transaction ended'));
    await expect(lockAccount(db, 1)).rejects.toThrow("with a transaction's handle");
    expect(await balance(db)).toBe(100);
  });

  it('reads counts, sums and 64-bit integers as numbers', async () => {
    const db = await withAccount(2 ** 40);
    await addAccount(db, 'b@example.com', { balanceMinor: 3 });
    const { orm, t } = db;
    // No mapWith: the engine's own reading of count(*) and sum(bigint).
    const [row] = await orm
      .select({ n: count(), total: sql<number>`sum(${t.accounts.balanceMinor})` })
      .from(t.accounts);
    expect(row).toEqual({ n: 2, total: 2 ** 40 + 3 });
    expect(await balance(db)).toBe(2 ** 40);
  });
});

describe('the async SQLite handle', () => {
  it('takes the write lock at the start: another connection cannot write inside', async () => {
    const db = openDatabase(':memory:');
    await addAccount(db, 'a@example.com', { balanceMinor: 100 });
    await inTransaction(db, async (tx) => {
      expect(tx.$client.inTransaction).toBe(true);
      await tx.orm.update(tx.t.accounts).set({ balanceMinor: 50 });
    });
    expect(db.$client.inTransaction).toBe(false);
    expect(await balance(db)).toBe(50);
  });
});

describe('the PostgreSQL handle', () => {
  const dbs = databases('postgres');

  it("makes a second connection's debit wait for the account's row lock, and both debits count", async () => {
    const db = (await dbs.open()) as PgHandle;
    await addAccount(db, 'a@example.com', { balanceMinor: 100 });
    const pool = db.$client;
    // Another connection of the pool holds the account's row, as a transaction of another
    // process moving its money would.
    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from accounts where id = 1 for update');
      let done = false;
      const debit = inAccountTransaction(db, 1, async (tx) => {
        const b = await balance(tx);
        await tx.orm
          .update(tx.t.accounts)
          .set({ balanceMinor: b - 5 })
          .where(eq(tx.t.accounts.id, 1));
      }).finally(() => {
        done = true;
      });
      // Waits until the debit's connection waits for a lock (an event of the server's).
      for (;;) {
        if (done) throw new Error('the debit ran without waiting for the row lock');
        const waiting = await pool.query(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (waiting.rows[0].n === 1) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await holder.query('update accounts set balance_minor = balance_minor - 10 where id = 1');
      await holder.query('commit');
      await debit;
    } finally {
      holder.release();
    }
    // The debit read the balance after the other transaction's debit: nothing was lost.
    expect(await balance(db)).toBe(85);
  });

  it('migrates a new database once when two processes open it together', async () => {
    const url = await dbs.create();
    const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const applied = await a.$client.query('select count(*) as n from drizzle.__drizzle_migrations');
      const files = readdirSync(PG_MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0].n).toBe(files.length);
      await addAccount(b, 'a@example.com');
      expect(await a.orm.$count(a.t.accounts)).toBe(1);
    } finally {
      await closeHandle(a);
      await closeHandle(b);
    }
  });

  it('is chosen by a postgres:// DATABASE_URL, SQLite when it is unset; another URL is refused unrepeated', async () => {
    const url = await dbs.create();
    const pgDb = await openHandle({ url, file: ':memory:' });
    expect(pgDb.engine).toBe('postgres');
    await closeHandle(pgDb);
    const sqliteDb = await openHandle({ url: '', file: ':memory:' });
    expect(sqliteDb.engine).toBe('sqlite');
    await closeHandle(sqliteDb);
    const refused = openHandle({ url: 'mysql://user:s3cret@db.example/ir', file: ':memory:' });
    await expect(refused).rejects.toThrow(/DATABASE_URL must be a postgres:\/\/ .*"mysql:"/);
    await expect(refused).rejects.not.toThrow(/s3cret/);
  });
});
