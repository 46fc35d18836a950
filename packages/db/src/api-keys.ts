// API key rows. Keys are looked up by the SHA-256 of what the client sent; the key itself never
// reaches the database.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { apiKeys } from './schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: DbHandle,
  row: { accountId: number; prefix: string; hash: string; label: string; createdAt: string },
): Promise<ApiKeyRow> {
  const { orm, t } = db;
  const [made] = await orm.insert(t.apiKeys).values(row).returning();
  return made!;
}

export async function apiKeyByHash(db: DbHandle, hash: string): Promise<ApiKeyRow | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.apiKeys).where(eq(t.apiKeys.hash, hash));
  return row;
}

export async function apiKeyById(db: DbHandle, id: number): Promise<ApiKeyRow | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.apiKeys).where(eq(t.apiKeys.id, id));
  return row;
}

export async function apiKeysOf(db: DbHandle, accountId: number): Promise<ApiKeyRow[]> {
  const { orm, t } = db;
  return orm.select().from(t.apiKeys).where(eq(t.apiKeys.accountId, accountId)).orderBy(t.apiKeys.id);
}

/** Stops one key; false when it was already stopped or does not exist. */
export async function revokeApiKey(
  db: DbHandle,
  id: number,
  reason: 'revoked' | 'rotated',
  at: string,
): Promise<boolean> {
  const { orm, t } = db;
  const stopped = await orm
    .update(t.apiKeys)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(t.apiKeys.id, id), isNull(t.apiKeys.revokedAt)))
    .returning({ id: t.apiKeys.id });
  return stopped.length === 1;
}

export async function touchApiKey(db: DbHandle, id: number, at: string): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.apiKeys).set({ lastUsedAt: at }).where(eq(t.apiKeys.id, id));
}
