// Leads and reviews of the public pages.
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { leads, reviews } from './schema.js';

export type Review = typeof reviews.$inferSelect;

export async function upsertLead(
  db: DbHandle,
  row: Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  at: string,
): Promise<void> {
  const { orm, t } = db;
  const { email, ...rest } = row;
  // A later submission adds to what the address said before; it does not blank it.
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
  await orm
    .insert(t.leads)
    .values({ email, ...rest, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: t.leads.email, set: { ...given, updatedAt: at } });
}

export async function countLeads(db: DbHandle): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm.select({ n: count() }).from(t.leads);
  return row?.n ?? 0;
}

export async function insertReview(
  db: DbHandle,
  row: Omit<typeof reviews.$inferInsert, 'id'>,
): Promise<Review> {
  const { orm, t } = db;
  const [made] = await orm.insert(t.reviews).values(row).returning();
  return made!;
}

export async function publishedReviews(db: DbHandle, limit = 100): Promise<Review[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.reviews)
    .where(eq(t.reviews.published, true))
    .orderBy(desc(t.reviews.id))
    .limit(limit);
}

export async function publishedReview(db: DbHandle, id: number): Promise<Review | undefined> {
  const { orm, t } = db;
  const [row] = await orm
    .select()
    .from(t.reviews)
    .where(and(eq(t.reviews.id, id), eq(t.reviews.published, true)));
  return row;
}
