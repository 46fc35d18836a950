// Leads and reviews of the public pages.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { leads, reviews } from './schema.js';

export type Review = typeof reviews.$inferSelect;

export function upsertLead(
  db: Db,
  row: Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  at: string,
): void {
  const { email, ...rest } = row;
  // A later submission adds to what the address said before; it does not blank it.
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
  db.insert(leads)
    .values({ email, ...rest, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: leads.email, set: { ...given, updatedAt: at } })
    .run();
}

export function countLeads(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(leads).get()?.n ?? 0;
}

export function insertReview(db: Db, row: Omit<typeof reviews.$inferInsert, 'id'>): Review {
  return db.insert(reviews).values(row).returning().get();
}

export function publishedReviews(db: Db, limit = 100): Review[] {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.published, true))
    .orderBy(desc(reviews.id))
    .limit(limit)
    .all();
}

export function publishedReview(db: Db, id: number): Review | undefined {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.published, true)))
    .get();
}
