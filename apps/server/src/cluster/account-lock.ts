// "One at a time per account" for work that runs outside a transaction (an inbox scan talks to
// Gmail for seconds): a set in the process on SQLite (one process), a session advisory lock on
// PostgreSQL, held on a pooled connection for the work's length, so API processes apart exclude
// each other too. The lock ends with its connection: a process killed mid-work frees it.
import type { Db, DbHandle, PgHandle } from '@invoice-reader/db';

export class AccountLocks {
  private readonly held = new Set<number>();

  /** `scope`: a fixed number per kind of work (the advisory lock's first key). */
  constructor(
    private readonly db: Db,
    private readonly scope: number,
  ) {}

  /**
   * Runs `fn` holding the account's lock; `undefined` without running it when another holds it.
   * Resolves once the lock is free again (on PostgreSQL after a query of its own): what tells the
   * caller's client the work is done (an HTTP answer) goes after it, not inside `fn`.
   */
  async tryWith<T>(accountId: number, fn: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.held.has(accountId)) return undefined;
    this.held.add(accountId);
    try {
      if ((this.db as DbHandle).engine !== 'postgres') return { value: await fn() };
      const client = await (this.db as unknown as PgHandle).$client.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          this.scope,
          accountId,
        ]);
        if (!rows[0]?.ok) return undefined;
        try {
          return { value: await fn() };
        } finally {
          await client
            .query('select pg_advisory_unlock($1, $2)', [this.scope, accountId])
            .catch((e: Error) => {
              // The lock ends with the connection: drop it.
              broken = e;
            });
        }
      } finally {
        client.release(broken);
      }
    } finally {
      this.held.delete(accountId);
    }
  }
}
