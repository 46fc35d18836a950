// API key rows. Keys are looked up by the SHA-256 of what the client sent; the key itself never
// reaches the database.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, prepared } from './database.js';
import { apiKeys } from './schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function insertApiKey(
  db: Db,
  row: { accountId: number; prefix: string; hash: string; label: string; createdAt: string },
): ApiKeyRow {
  return db.insert(apiKeys).values(row).returning().get();
}

export function apiKeyByHash(db: Db, hash: string): ApiKeyRow | undefined {
  return prepared(db, 'apiKeyByHash', () =>
    db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.hash, sql.placeholder('hash')))
      .prepare(),
  ).get({ hash });
}

export function apiKeyById(db: Db, id: number): ApiKeyRow | undefined {
  return db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
}

export function apiKeysOf(db: Db, accountId: number): ApiKeyRow[] {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(apiKeys.id).all();
}

/** Stops one key; false when it was already stopped or does not exist. */
export function revokeApiKey(db: Db, id: number, reason: 'revoked' | 'rotated', at: string): boolean {
  const r = db
    .update(apiKeys)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .run();
  return r.changes === 1;
}

export function touchApiKey(db: Db, id: number, at: string): void {
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)).run();
}
