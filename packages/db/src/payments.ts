// Subscriptions, payments and applied provider notifications.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
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

/**
 * The account's newest subscription that is or was in force: paid, so not one still awaiting
 * payment, nor a checkout whose late payment was refunded (`cancelled` without ever being paid).
 */
export function latestSubscription(db: Db, accountId: number): Subscription | undefined {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        inArray(subscriptions.state, ['active', 'past_due', 'cancelled', 'expired']),
        isNotNull(subscriptions.paidAt),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(1)
    .get();
}

/**
 * The account's newest checkout when it still awaits its payment (`pending_payment`), newer than
 * any subscription that is or was in force: the one a person comes back to after the provider's
 * page. An older pending checkout that a later one replaced is not it, nor one whose link a plan
 * paid since closed (`expired`), nor a checkout whose late payment was refunded.
 */
export function pendingCheckout(db: Db, accountId: number): Subscription | undefined {
  const newest = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        or(eq(subscriptions.state, 'pending_payment'), isNotNull(subscriptions.paidAt)),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(1)
    .get();
  if (newest?.state !== 'pending_payment') return undefined;
  return latestPaymentOf(db, newest.id)?.status === 'expired' ? undefined : newest;
}

/**
 * Whether a checkout's price no longer holds: a plan of the account other than `subscriptionId`
 * was paid or renewed after `since` (when the checkout's link was made), or one newer than that
 * checkout is or was in force. Its price was quoted against the plan in force before.
 */
export function planPaidSince(db: Db, accountId: number, subscriptionId: number, since: string): boolean {
  const paid = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        ne(subscriptions.id, subscriptionId),
        isNotNull(subscriptions.paidAt),
        or(gt(subscriptions.id, subscriptionId), gt(subscriptions.paidAt, since)),
      ),
    )
    .limit(1)
    .get();
  return paid !== undefined;
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
 * Closes the account's open plan links: their payments still `pending` become `expired` (the short
 * link stops opening). A new checkout replaces the earlier unpaid ones, and a plan paid replaces
 * the ones still open (their price was quoted against the plan in force before). Answers how many.
 */
export function expireOpenPlanLinks(db: Db, accountId: number): number {
  return db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(eq(payments.accountId, accountId), eq(payments.kind, 'plan'), eq(payments.status, 'pending')))
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

/** Whether the account has a plan link of a checkout newer than `subscriptionId` (paid or not). */
export function hasNewerCheckoutLink(db: Db, accountId: number, subscriptionId: number): boolean {
  const newer = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.kind, 'plan'),
        gt(payments.subscriptionId, subscriptionId),
      ),
    )
    .limit(1)
    .get();
  return newer !== undefined;
}

/** The account's plan links still open (`pending`), newest first. */
export function openPlanLinks(db: Db, accountId: number): Payment[] {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.kind, 'plan'), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .all();
}

/**
 * The account's plan links in one of `statuses` made at or after `since` (an ISO time, compared
 * with `createdAt` as the same ISO strings), other than `exceptId`, newest first; at most `limit`.
 */
export function recentPlanLinks(
  db: Db,
  accountId: number,
  statuses: readonly string[],
  since: string,
  limit: number,
  exceptId?: number,
): Payment[] {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.kind, 'plan'),
        inArray(payments.status, statuses as Payment['status'][]),
        gte(payments.createdAt, since),
        exceptId === undefined ? undefined : ne(payments.id, exceptId),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(limit)
    .all();
}

/** The kinds of payment that are links (an order at the provider): a second charge or a renewal is none. */
const LINK_KINDS = ['plan', 'topup'];

/**
 * Every account's payment links (plans and top-ups with an order at the provider) in one of
 * `statuses` made at or after `since` (ISO, as `createdAt`), for the service's scheduled check of
 * the provider: at most `limit`, taken in turn by id, those after `afterId` first, then from the
 * lowest again. A pass that goes on from the last one's last id reaches every link in the window,
 * however many there are, before any is asked twice.
 */
export function linksToSweep(
  db: Db,
  statuses: readonly string[],
  since: string,
  afterId: number,
  limit: number,
): Payment[] {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.kind, LINK_KINDS),
        inArray(payments.status, statuses as Payment['status'][]),
        gte(payments.createdAt, since),
        isNotNull(payments.providerOrderId),
      ),
    )
    .orderBy(sql`${payments.id} <= ${afterId}`, asc(payments.id))
    .limit(limit)
    .all();
}

/**
 * Charges whose refund is owed and not yet confirmed by the provider (`refund_due`), oldest first:
 * the account's, or every account's when none is given; at most `limit`.
 */
export function refundsDue(db: Db, accountId?: number, limit = 50): Payment[] {
  return db
    .select()
    .from(payments)
    .where(
      accountId === undefined
        ? eq(payments.status, 'refund_due')
        : and(eq(payments.accountId, accountId), eq(payments.status, 'refund_due')),
    )
    .orderBy(asc(payments.id))
    .limit(limit)
    .all();
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

/** The subscription's newest payment, leaving out payments of `exceptKind` (a second charge's
 * record, which is no payment of the checkout's). */
export function latestPaymentOf(db: Db, subscriptionId: number, exceptKind?: string): Payment | undefined {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        exceptKind === undefined ? undefined : ne(payments.kind, exceptKind),
      ),
    )
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
