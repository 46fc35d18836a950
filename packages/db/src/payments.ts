// Subscriptions, payments and applied provider notifications.
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from './database.js';
import { payments, providerEvents, subscriptions } from './schema.js';

export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;

export function insertSubscription(db: Db, row: typeof subscriptions.$inferInsert): Subscription {
  return db.insert(subscriptions).values(row).returning().get();
}

export function subscriptionById(db: Db, id: number): Subscription | undefined {
  return db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
}

export function updateSubscription(db: Db, id: number, set: Partial<Subscription>): void {
  db.update(subscriptions).set(set).where(eq(subscriptions.id, id)).run();
}

/** The account's newest subscription that is or was in force (not one still awaiting payment). */
export function latestSubscription(db: Db, accountId: number): Subscription | undefined {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        inArray(subscriptions.state, ['active', 'past_due', 'cancelled', 'expired']),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(1)
    .get();
}

/**
 * The account's newest checkout when it still awaits its payment (`pending_payment`), newer than
 * any subscription that is or was in force: the one a person comes back to after the provider's
 * page. An older pending checkout that a later one replaced is not it.
 */
export function pendingCheckout(db: Db, accountId: number): Subscription | undefined {
  const newest = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.id))
    .limit(1)
    .get();
  return newest?.state === 'pending_payment' ? newest : undefined;
}

/**
 * Subscriptions that a newer plan replaced while the provider still renews them: `cancelled`
 * here, but `autorenew` still set because the provider has not confirmed the cancel yet.
 */
export function replacedAwaitingCancel(db: Db, accountId: number): Subscription[] {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.state, 'cancelled'),
        eq(subscriptions.autorenew, true),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .all();
}

/**
 * A new checkout replaces the account's earlier unpaid ones: their open payments become `expired`
 * (a new link replaced them). Answers how many.
 */
export function expireOtherPendingCheckouts(db: Db, accountId: number, keepSubscriptionId: number): number {
  const open = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.state, 'pending_payment'),
        ne(subscriptions.id, keepSubscriptionId),
      ),
    )
    .all()
    .map((r) => r.id);
  if (open.length === 0) return 0;
  return db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(inArray(payments.subscriptionId, open), eq(payments.status, 'pending')))
    .run().changes;
}

export function subscriptionByProviderId(db: Db, providerId: string): Subscription | undefined {
  return db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId)).get();
}

export function insertPayment(db: Db, row: typeof payments.$inferInsert): Payment {
  return db.insert(payments).values(row).returning().get();
}

export function paymentById(db: Db, id: number): Payment | undefined {
  return db.select().from(payments).where(eq(payments.id, id)).get();
}

export function paymentByLink(db: Db, token: string): Payment | undefined {
  return db.select().from(payments).where(eq(payments.linkToken, token)).get();
}

export function updatePayment(db: Db, id: number, set: Partial<Payment>): void {
  db.update(payments).set(set).where(eq(payments.id, id)).run();
}

export function paymentsOf(db: Db, accountId: number): Payment[] {
  return db.select().from(payments).where(eq(payments.accountId, accountId)).orderBy(desc(payments.id)).all();
}

/** The account's newest top-up of the API balance, whatever became of it. */
export function latestTopUp(db: Db, accountId: number): Payment | undefined {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.kind, 'topup')))
    .orderBy(desc(payments.id))
    .limit(1)
    .get();
}

/** The account's newest top-ups still awaiting their payment (`pending`), at most `limit`. */
export function pendingTopUps(db: Db, accountId: number, limit: number): Payment[] {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.kind, 'topup'), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(limit)
    .all();
}

export function latestPaymentOf(db: Db, subscriptionId: number): Payment | undefined {
  return db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, subscriptionId))
    .orderBy(desc(payments.id))
    .limit(1)
    .get();
}

/** Records a notification; false when the same one was applied before. */
export function recordProviderEvent(db: Db, eventKey: string, at: string): boolean {
  return (
    db.insert(providerEvents).values({ eventKey, receivedAt: at }).onConflictDoNothing().run().changes === 1
  );
}
