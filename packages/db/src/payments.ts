// Subscriptions, payments and applied provider notifications.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { payments, subscriptions } from './schema.js';

export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;

export async function insertSubscription(
  db: DbHandle,
  row: typeof subscriptions.$inferInsert,
): Promise<Subscription> {
  const { orm, t } = db;
  const [sub] = await orm.insert(t.subscriptions).values(row).returning();
  return sub!;
}

export async function subscriptionById(db: DbHandle, id: number): Promise<Subscription | undefined> {
  const { orm, t } = db;
  const [sub] = await orm.select().from(t.subscriptions).where(eq(t.subscriptions.id, id));
  return sub;
}

export async function updateSubscription(
  db: DbHandle,
  id: number,
  set: Partial<Subscription>,
): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.subscriptions).set(set).where(eq(t.subscriptions.id, id));
}

/**
 * The account's newest subscription that is or was in force: paid, so not one still awaiting
 * payment, nor a checkout whose late payment was refunded (`cancelled` without ever being paid).
 */
export async function latestSubscription(db: DbHandle, accountId: number): Promise<Subscription | undefined> {
  const { orm, t } = db;
  const [sub] = await orm
    .select()
    .from(t.subscriptions)
    .where(
      and(
        eq(t.subscriptions.accountId, accountId),
        inArray(t.subscriptions.state, ['active', 'past_due', 'cancelled', 'expired']),
        isNotNull(t.subscriptions.paidAt),
      ),
    )
    .orderBy(desc(t.subscriptions.id))
    .limit(1);
  return sub;
}

/**
 * The account's newest checkout when it still awaits its payment (`pending_payment`), newer than
 * any subscription that is or was in force: the one a person comes back to after the provider's
 * page. An older pending checkout that a later one replaced is not it, nor one whose link a plan
 * paid since closed (`expired`), nor a checkout whose late payment was refunded.
 */
export async function pendingCheckout(db: DbHandle, accountId: number): Promise<Subscription | undefined> {
  const { orm, t } = db;
  const [newest] = await orm
    .select()
    .from(t.subscriptions)
    .where(
      and(
        eq(t.subscriptions.accountId, accountId),
        or(eq(t.subscriptions.state, 'pending_payment'), isNotNull(t.subscriptions.paidAt)),
      ),
    )
    .orderBy(desc(t.subscriptions.id))
    .limit(1);
  if (newest?.state !== 'pending_payment') return undefined;
  return (await latestPaymentOf(db, newest.id))?.status === 'expired' ? undefined : newest;
}

/**
 * Whether a checkout's price no longer holds: a plan of the account other than `subscriptionId`
 * was paid or renewed after `since` (when the checkout's link was made), or one newer than that
 * checkout is or was in force. Its price was quoted against the plan in force before.
 */
export async function planPaidSince(
  db: DbHandle,
  accountId: number,
  subscriptionId: number,
  since: string,
): Promise<boolean> {
  const { orm, t } = db;
  const paid = await orm
    .select({ id: t.subscriptions.id })
    .from(t.subscriptions)
    .where(
      and(
        eq(t.subscriptions.accountId, accountId),
        ne(t.subscriptions.id, subscriptionId),
        isNotNull(t.subscriptions.paidAt),
        or(gt(t.subscriptions.id, subscriptionId), gt(t.subscriptions.paidAt, since)),
      ),
    )
    .limit(1);
  return paid.length > 0;
}

/**
 * Subscriptions that a newer plan replaced while the provider still renews them: `cancelled`
 * here, but `autorenew` still set because the provider has not confirmed the cancel yet.
 */
export async function replacedAwaitingCancel(db: DbHandle, accountId: number): Promise<Subscription[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.subscriptions)
    .where(
      and(
        eq(t.subscriptions.accountId, accountId),
        eq(t.subscriptions.state, 'cancelled'),
        eq(t.subscriptions.autorenew, true),
        isNotNull(t.subscriptions.providerSubscriptionId),
      ),
    )
    .orderBy(desc(t.subscriptions.id));
}

/**
 * Closes the account's open plan links: their payments still `pending` become `expired` (the short
 * link stops opening). A new checkout replaces the earlier unpaid ones, and a plan paid replaces
 * the ones still open (their price was quoted against the plan in force before). Answers how many.
 */
export async function expireOpenPlanLinks(db: DbHandle, accountId: number): Promise<number> {
  const { orm, t } = db;
  const closed = await orm
    .update(t.payments)
    .set({ status: 'expired' })
    .where(
      and(eq(t.payments.accountId, accountId), eq(t.payments.kind, 'plan'), eq(t.payments.status, 'pending')),
    )
    .returning({ id: t.payments.id });
  return closed.length;
}

export async function subscriptionByProviderId(
  db: DbHandle,
  providerId: string,
): Promise<Subscription | undefined> {
  const { orm, t } = db;
  const [sub] = await orm
    .select()
    .from(t.subscriptions)
    .where(eq(t.subscriptions.providerSubscriptionId, providerId));
  return sub;
}

export async function insertPayment(db: DbHandle, row: typeof payments.$inferInsert): Promise<Payment> {
  const { orm, t } = db;
  const [payment] = await orm.insert(t.payments).values(row).returning();
  return payment!;
}

export async function paymentById(db: DbHandle, id: number): Promise<Payment | undefined> {
  const { orm, t } = db;
  const [payment] = await orm.select().from(t.payments).where(eq(t.payments.id, id));
  return payment;
}

export async function paymentByLink(db: DbHandle, token: string): Promise<Payment | undefined> {
  const { orm, t } = db;
  const [payment] = await orm.select().from(t.payments).where(eq(t.payments.linkToken, token));
  return payment;
}

export async function updatePayment(db: DbHandle, id: number, set: Partial<Payment>): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.payments).set(set).where(eq(t.payments.id, id));
}

export async function paymentsOf(db: DbHandle, accountId: number): Promise<Payment[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.payments)
    .where(eq(t.payments.accountId, accountId))
    .orderBy(desc(t.payments.id));
}

/** Whether the account has a plan link of a checkout newer than `subscriptionId` (paid or not). */
export async function hasNewerCheckoutLink(
  db: DbHandle,
  accountId: number,
  subscriptionId: number,
): Promise<boolean> {
  const { orm, t } = db;
  const newer = await orm
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(
      and(
        eq(t.payments.accountId, accountId),
        eq(t.payments.kind, 'plan'),
        gt(t.payments.subscriptionId, subscriptionId),
      ),
    )
    .limit(1);
  return newer.length > 0;
}

/** The account's plan links still open (`pending`), newest first. */
export async function openPlanLinks(db: DbHandle, accountId: number): Promise<Payment[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.payments)
    .where(
      and(eq(t.payments.accountId, accountId), eq(t.payments.kind, 'plan'), eq(t.payments.status, 'pending')),
    )
    .orderBy(desc(t.payments.id));
}

/**
 * The account's plan links in one of `statuses` made at or after `since` (an ISO time, compared
 * with `createdAt` as the same ISO strings), other than `exceptId`, newest first; at most `limit`.
 */
export async function recentPlanLinks(
  db: DbHandle,
  accountId: number,
  statuses: readonly string[],
  since: string,
  limit: number,
  exceptId?: number,
): Promise<Payment[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.payments)
    .where(
      and(
        eq(t.payments.accountId, accountId),
        eq(t.payments.kind, 'plan'),
        inArray(t.payments.status, statuses as Payment['status'][]),
        gte(t.payments.createdAt, since),
        exceptId === undefined ? undefined : ne(t.payments.id, exceptId),
      ),
    )
    .orderBy(desc(t.payments.id))
    .limit(limit);
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
export async function linksToSweep(
  db: DbHandle,
  statuses: readonly string[],
  since: string,
  afterId: number,
  limit: number,
): Promise<Payment[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.payments)
    .where(
      and(
        inArray(t.payments.kind, LINK_KINDS),
        inArray(t.payments.status, statuses as Payment['status'][]),
        gte(t.payments.createdAt, since),
        isNotNull(t.payments.providerOrderId),
      ),
    )
    .orderBy(sql`${t.payments.id} <= ${afterId}`, asc(t.payments.id))
    .limit(limit);
}

/**
 * Charges whose refund is owed and not yet confirmed by the provider (`refund_due`), oldest first:
 * the account's, or every account's when none is given; at most `limit`.
 */
export async function refundsDue(db: DbHandle, accountId?: number, limit = 50): Promise<Payment[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.payments)
    .where(
      accountId === undefined
        ? eq(t.payments.status, 'refund_due')
        : and(eq(t.payments.accountId, accountId), eq(t.payments.status, 'refund_due')),
    )
    .orderBy(asc(t.payments.id))
    .limit(limit);
}

/** The account's newest top-up of the API balance, whatever became of it. */
export async function latestTopUp(db: DbHandle, accountId: number): Promise<Payment | undefined> {
  const { orm, t } = db;
  const [payment] = await orm
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.accountId, accountId), eq(t.payments.kind, 'topup')))
    .orderBy(desc(t.payments.id))
    .limit(1);
  return payment;
}

/** The account's newest top-ups still awaiting their payment (`pending`), at most `limit`. */
export async function pendingTopUps(db: DbHandle, accountId: number, limit: number): Promise<Payment[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.payments)
    .where(
      and(
        eq(t.payments.accountId, accountId),
        eq(t.payments.kind, 'topup'),
        eq(t.payments.status, 'pending'),
      ),
    )
    .orderBy(desc(t.payments.id))
    .limit(limit);
}

/** The subscription's newest payment, leaving out payments of `exceptKind` (a second charge's
 * record, which is no payment of the checkout's). */
export async function latestPaymentOf(
  db: DbHandle,
  subscriptionId: number,
  exceptKind?: string,
): Promise<Payment | undefined> {
  const { orm, t } = db;
  const [payment] = await orm
    .select()
    .from(t.payments)
    .where(
      and(
        eq(t.payments.subscriptionId, subscriptionId),
        exceptKind === undefined ? undefined : ne(t.payments.kind, exceptKind),
      ),
    )
    .orderBy(desc(t.payments.id))
    .limit(1);
  return payment;
}

/** Records a notification; false when the same one was applied before. */
export async function recordProviderEvent(db: DbHandle, eventKey: string, at: string): Promise<boolean> {
  const { orm, t } = db;
  const recorded = await orm
    .insert(t.providerEvents)
    .values({ eventKey, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: t.providerEvents.id });
  return recorded.length === 1;
}
