// The async SQLite handle: a transaction is never interleaved by other calls on the handle, a
// failed one leaves nothing, and a call on the wrong handle fails instead of waiting for ever.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { type DbHandle, inTransaction } from './handle.js';

// A turn of the event loop: whatever else is waiting gets to run.
const tick = () => new Promise((r) => setImmediate(r));

async function balance({ orm, t }: DbHandle): Promise<number> {
  const [row] = await orm.select({ b: t.accounts.balanceMinor }).from(t.accounts).where(eq(t.accounts.id, 1));
  return row!.b;
}

async function withAccount(balanceMinor: number) {
  const db = openDatabase(':memory:');
  await db.orm.insert(db.t.accounts).values({ email: 'a@example.com', createdAt: 'now', balanceMinor });
  return db;
}

describe('the async SQLite handle', () => {
  it('keeps read-yield-write transactions whole while other calls wait: 20 debits end exact', async () => {
    const db = await withAccount(100);
    const { orm, t } = db;
    const debit = () =>
      inTransaction(db, async (tx) => {
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
    // Writes outside a transaction wait too: each adds 1000 between two debits, never inside one.
    const credits = Array.from({ length: 3 }, async () => {
      await tick();
      await orm
        .update(t.accounts)
        .set({ balanceMinor: sql`${t.accounts.balanceMinor} + 1000` })
        .where(eq(t.accounts.id, 1));
    });
    await Promise.all([...Array.from({ length: 20 }, debit), ...reads, ...credits]);
    expect(await balance(db)).toBe(3000);
    // Reads never saw a transaction half-done (a read inside one would see the same multiples,
    // so the exact end balance above is what proves the debits did not interleave).
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
        await inTransaction(tx, async (inner) => {
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
    expect(await balance(db)).toBe(100);
  });

  it('takes the write lock at the start: another connection cannot write inside', async () => {
    const db = await withAccount(100);
    await inTransaction(db, async (tx) => {
      expect(tx.$client.inTransaction).toBe(true);
      await tx.orm.update(tx.t.accounts).set({ balanceMinor: 50 });
    });
    expect(db.$client.inTransaction).toBe(false);
    expect(await balance(db)).toBe(50);
  });
});
