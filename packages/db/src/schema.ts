// The service's tables (drizzle-orm, SQLite). Money is integer minor units (EUR cents); times are
// ISO-8601 strings. The ledger is append-only: each column of `accounts` that holds money or
// pages equals the sum of the matching ledger column, which the billing tests check.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  createdAt: text('created_at').notNull(),
  /** Prepaid money available for scanned pages. */
  balanceMinor: integer('balance_minor').notNull().default(0),
  /** Money reserved by jobs still running. */
  heldMinor: integer('held_minor').notNull().default(0),
  /** Free scanned pages left (the API's allowance). */
  freePages: integer('free_pages').notNull().default(0),
  /** Free pages reserved by jobs still running. */
  heldFreePages: integer('held_free_pages').notNull().default(0),
  /** The person's name and interface language (MeOut); `lang` is one of ru, de, en, it. */
  name: text('name').notNull().default(''),
  lang: text('lang').notNull().default('ru'),
  tier: text('tier').notNull().default('starter'),
  /** The web application's own allowance of scanned parses, separate from the API's pages. */
  webFreeParsesTotal: integer('web_free_parses_total').notNull().default(1),
  webFreeParsesUsed: integer('web_free_parses_used').notNull().default(0),
});

/** Signed-in sessions (decisions §12): only the SHA-256 of the opaque token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    hash: text('hash').notNull().unique(),
    createdAt: text('created_at').notNull(),
    lastSeenAt: text('last_seen_at').notNull(),
    /** Sliding: moved 30 days ahead of each use (written at most once a minute). */
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_account').on(t.accountId)],
);

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The key's visible beginning, for lists ("ir_live_AbCd…"). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key: the key itself is never stored. */
    hash: text('hash').notNull().unique(),
    label: text('label').notNull().default(''),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
    /** `revoked` (one key stopped) or `rotated` (replaced by a new key). */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

export const LEDGER_KINDS = ['grant', 'topup', 'reserve', 'debit', 'release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledger = sqliteTable(
  'ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Change of accounts.balance_minor. */
    balanceMinor: integer('balance_minor').notNull().default(0),
    /** Change of accounts.held_minor. */
    heldMinor: integer('held_minor').notNull().default(0),
    /** Change of accounts.free_pages. */
    freePages: integer('free_pages').notNull().default(0),
    /** Change of accounts.held_free_pages. */
    heldFreePages: integer('held_free_pages').notNull().default(0),
    jobId: integer('job_id'),
    note: text('note').notNull().default(''),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('ledger_account').on(t.accountId), index('ledger_job').on(t.jobId)],
);

export const JOB_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    /** Where the file came from: `api`, `upload`, `inbox`, `desktop`. */
    source: text('source').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull(),
    country: text('country').notNull(),
    filename: text('filename').notNull().default(''),
    fileType: text('file_type'),
    size: integer('size').notNull(),
    /** SHA-256 (hex) of the file: the blob's name and the dedup key. */
    sha256: text('sha256').notNull(),
    mode: text('mode'),
    pages: integer('pages').notNull().default(0),
    pagesScanned: integer('pages_scanned').notNull().default(0),
    /** Pages reserved at submission (upper bound of pages_scanned). */
    reservedPages: integer('reserved_pages').notNull().default(0),
    reservedMinor: integer('reserved_minor').notNull().default(0),
    reservedFreePages: integer('reserved_free_pages').notNull().default(0),
    chargedMinor: integer('charged_minor').notNull().default(0),
    chargedPages: integer('charged_pages').notNull().default(0),
    /** Web parses (the web application's allowance) held by this job: 0 or 1. */
    webParses: integer('web_parses').notNull().default(0),
    /** When a person last corrected a field (PATCH fields, or an edit synced from the desktop app). */
    editedAt: text('edited_at'),
    /**
     * A person's corrections per field with when each was made, as JSON `{key: {value, at}}`: the
     * desktop sync merges edits from both sides by it (the later edit of a field wins).
     */
    fieldEdits: text('field_edits'),
    /** The engine's result as JSON, once the job ended. */
    result: text('result'),
    error: text('error'),
    message: text('message'),
    callbackUrl: text('callback_url'),
    /** How many times a worker started this job (a crash mid-read leaves it `processing`). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: text('created_at').notNull(),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    readMs: integer('read_ms'),
  },
  (t) => [
    index('jobs_account_sha').on(t.accountId, t.sha256),
    index('jobs_status').on(t.status, t.id),
    index('jobs_account_id').on(t.accountId, t.id),
    index('jobs_account_edited').on(t.accountId, t.editedAt, t.id),
  ],
);

export const USAGE_ALLOWANCES = ['api', 'web'] as const;
export type UsageAllowance = (typeof USAGE_ALLOWANCES)[number];

/**
 * The usage journal: one row per read that was charged, kept when its job is deleted. `api`: pages
 * debited from the API's prepaid pages (the journal a person sees); `web`: a parse counted against
 * the web application's allowance. `sha256` names the file, so that a file charged once is never
 * charged again, even after its job was deleted (decisions §8).
 */
export const usage = sqliteTable(
  'usage',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    apiKeyId: integer('api_key_id'),
    jobId: integer('job_id').notNull(),
    allowance: text('allowance', { enum: USAGE_ALLOWANCES }).notNull().default('api'),
    /** The file's SHA-256; null only for rows written before it was kept whose job was deleted. */
    sha256: text('sha256'),
    pages: integer('pages').notNull(),
    freePages: integer('free_pages').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('usage_account').on(t.accountId, t.id), index('usage_account_sha').on(t.accountId, t.sha256)],
);

export const rateLimits = sqliteTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    /** Start of the fixed window, in whole minutes since the epoch. */
    window: integer('window').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.window] })],
);

export const CALLBACK_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const callbacks = sqliteTable(
  'callbacks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    url: text('url').notNull(),
    status: text('status', { enum: CALLBACK_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Epoch milliseconds of the next try. */
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    deliveredAt: text('delivered_at'),
  },
  (t) => [uniqueIndex('callbacks_job').on(t.jobId), index('callbacks_due').on(t.status, t.nextAttemptAt)],
);

// --- account sign-in ---------------------------------------------------------------------------

/**
 * Sign-in links (decisions §13): only the SHA-256 of the link's token is stored. POST verify
 * consumes a link; with a PIN set it then stays usable for the PIN step until `pinUntil`, and
 * five wrong PINs void it.
 */
export const signInLinks = sqliteTable(
  'sign_in_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    hash: text('hash').notNull().unique(),
    email: text('email').notNull(),
    lang: text('lang').notNull().default('en'),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    consumedAt: text('consumed_at'),
    /** Set when POST verify found a PIN: the end of the PIN step. */
    pinUntil: text('pin_until'),
    pinFailures: integer('pin_failures').notNull().default(0),
  },
  (t) => [index('sign_in_links_email').on(t.email)],
);

/**
 * A device sign-in (the desktop app's code flow): the app holds the device code (kept only as its
 * hash), shows the short user code, and polls; a signed-in web session confirms the user code,
 * which sets the account; the next poll issues the app's session once (`consumedAt`).
 */
export const deviceCodes = sqliteTable('device_codes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  deviceHash: text('device_hash').notNull().unique(),
  userCode: text('user_code').notNull().unique(),
  /** What the app called itself (shown on the confirming page). */
  client: text('client').notNull().default(''),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  accountId: integer('account_id').references(() => accounts.id),
  confirmedAt: text('confirmed_at'),
  consumedAt: text('consumed_at'),
});

/** A person's PIN (4 to 8 digits) as a salted scrypt hash; no row means no PIN. */
export const accountPins = sqliteTable('account_pins', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  hash: text('hash').notNull(),
  setAt: text('set_at').notNull(),
});

// --- public pages ------------------------------------------------------------------------------

/** Leads from the public pages' form: one row per address, later submissions update it. */
export const leads = sqliteTable('leads', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  company: text('company'),
  pagesPerMonth: integer('pages_per_month'),
  comment: text('comment'),
  source: text('source').notNull().default('site'),
  lang: text('lang').notNull().default(''),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** Reviews: 4 and 5 stars are published at once, 1 to 3 go to the owner and wait. */
export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    stars: integer('stars').notNull(),
    text: text('text').notNull().default(''),
    published: integer('published', { mode: 'boolean' }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('reviews_published').on(t.published, t.id)],
);

// --- payments ----------------------------------------------------------------------------------

export const SUBSCRIPTION_STATES = ['pending_payment', 'active', 'past_due', 'cancelled', 'expired'] as const;
/**
 * `refund_due`: a charge that must not apply, whose refund the provider has not confirmed yet
 * (retried until it does; then `refunded`). Plain text in SQLite: a new value needs no migration.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'refund_due'] as const;

/** A web plan bought for a period; renewed by the provider's subscription while `autorenew`. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    planCode: text('plan_code').notNull(),
    /** `m` (month) or `y` (year). */
    period: text('period').notNull(),
    /** Kopecks: the price of one period when bought. */
    amountMinor: integer('amount_minor').notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    autorenew: integer('autorenew', { mode: 'boolean' }).notNull().default(true),
    providerSubscriptionId: text('provider_subscription_id'),
    paidAt: text('paid_at'),
    expiresAt: text('expires_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('subscriptions_account').on(t.accountId, t.id)],
);

/** One payment link and what became of it: a plan's period, or a top-up of the API balance. */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    /** `plan`, `renewal`, `topup`, or `duplicate` (a second charge of a settled payment, refunded). */
    kind: text('kind').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** For a top-up: what reaches the API balance, in EUR cents. */
    creditEurMinor: integer('credit_eur_minor').notNull().default(0),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** The provider's order (payment link) and the page it leads to. */
    providerOrderId: text('provider_order_id'),
    providerUrl: text('provider_url'),
    /** The provider's transaction, once settled (unique: a notification is applied once). */
    providerTxId: text('provider_tx_id').unique(),
    /** The short link `/inv/{token}`. */
    linkToken: text('link_token').notNull().unique(),
    linkExpiresAt: text('link_expires_at').notNull(),
    paidAt: text('paid_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('payments_account').on(t.accountId, t.id),
    // The scheduled pass's two reads of every account's payments, the links of the last days in
    // some states (`linksToSweep`) and the refunds owed (`refundsDue`), without a whole-table scan.
    index('payments_status_created').on(t.status, t.createdAt),
  ],
);

/** Provider notifications applied, by transaction id and kind: a replay changes nothing. */
export const providerEvents = sqliteTable('provider_events', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  eventKey: text('event_key').notNull().unique(),
  receivedAt: text('received_at').notNull(),
});

// --- mail: the connected mailbox, the inbox scan, letters --------------------------------------

/** A person's connected mailbox (decisions §16): its address and the refresh token, encrypted. */
export const mailAccounts = sqliteTable('mail_accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  accountId: integer('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id),
  provider: text('provider').notNull().default('gmail'),
  address: text('address').notNull(),
  /** AES-256-GCM of the refresh token under a key from the server's secret (mail/token-box.ts). */
  tokenCipher: text('token_cipher').notNull(),
  scopes: text('scopes').notNull(),
  connectedAt: text('connected_at').notNull(),
});

/** The `state` of a consent request: signed, and recorded so it is used once and expires. */
export const mailConnectStates = sqliteTable(
  'mail_connect_states',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** SHA-256 (hex) of the state's random part. */
    nonceHash: text('nonce_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('mail_connect_states_account').on(t.accountId)],
);

export const INBOX_ITEM_STATUSES = ['read', 'duplicate', 'refused', 'skipped'] as const;

/**
 * One attachment of a scanned message and what became of it. `job_id` names the job without a
 * foreign key: deleting a job (DELETE /api/v1/parse/{id}) leaves the inbox's record of the mail.
 */
export const inboxItems = sqliteTable(
  'inbox_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    messageId: text('message_id').notNull(),
    threadId: text('thread_id').notNull().default(''),
    partId: text('part_id').notNull(),
    sender: text('sender').notNull(),
    subject: text('subject').notNull(),
    receivedAt: text('received_at').notNull(),
    filename: text('filename').notNull(),
    sha256: text('sha256'),
    jobId: integer('job_id'),
    status: text('status', { enum: INBOX_ITEM_STATUSES }).notNull(),
    error: text('error'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('inbox_items_part').on(t.accountId, t.messageId, t.partId),
    index('inbox_items_account').on(t.accountId, t.id),
  ],
);

/**
 * A scanned message whose attachments were all handled (recorded in inbox_items, or none to read):
 * the scan skips it without fetching it again. Written in the same transaction as its attachments'
 * records, so a message a failure or a crash interrupted is read again in full.
 */
export const inboxMessages = sqliteTable(
  'inbox_messages',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    messageId: text('message_id').notNull(),
    scannedAt: text('scanned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.messageId] })],
);

/**
 * How far the inbox scan has got through a search (`query`, Gmail's `q` as the person gave it) of
 * the mailbox at `address`. `spans` is JSON, `[{top, bottom}]` newest first: stretches of receive
 * times (epoch ms; `bottom` null: to the end of the mailbox) whose messages were all listed and read
 * or seen; the next scan lists the search's top and what lies below them (mail/scan-position.ts).
 * Forgetting a row is safe: the scan walks the search again, skipping what it read before.
 */
export const inboxScanPositions = sqliteTable(
  'inbox_scan_positions',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    address: text('address').notNull(),
    query: text('query').notNull(),
    spans: text('spans').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.address, t.query] })],
);

export const LETTER_STATUSES = ['queued', 'sent', 'opened', 'bounced', 'failed'] as const;

/** A letter about a job, sent from the connected mailbox; `job_id` without a foreign key as above. */
export const letters = sqliteTable(
  'letters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    jobId: integer('job_id').notNull(),
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Shown in the list: the invoice's number and seller, and who owes it (the buyer). */
    invoiceTitle: text('invoice_title').notNull(),
    debtor: text('debtor').notNull(),
    status: text('status', { enum: LETTER_STATUSES }).notNull(),
    error: text('error'),
    /** SHA-256 (hex) of the tracking pixel's token. */
    trackingHash: text('tracking_hash').notNull().unique(),
    /** The thread to answer in (a letter about an invoice that came by mail). */
    replyThreadId: text('reply_thread_id'),
    providerMessageId: text('provider_message_id'),
    providerThreadId: text('provider_thread_id'),
    sendAt: text('send_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
    openedAt: text('opened_at'),
  },
  (t) => [index('letters_account').on(t.accountId, t.id), index('letters_due').on(t.status, t.nextAttemptAt)],
);
// --- exports ---------------------------------------------------------------------------------

/** The DATEV numbers and accounts a person last exported with, so the exports screen remembers them. */
export const exportSettings = sqliteTable('export_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  consultantNo: text('consultant_no').notNull().default(''),
  clientNo: text('client_no').notNull().default(''),
  account: text('account').notNull().default('1200'),
  contraAccount: text('contra_account').notNull().default('8400'),
  buKey: text('bu_key').notNull().default(''),
  /** The month (1-12) the account's fiscal year starts in: DATEV writes one file per fiscal year. */
  fiscalYearStart: integer('fiscal_year_start').notNull().default(1),
  updatedAt: text('updated_at').notNull(),
});

/**
 * The account's own business, the buyer of the invoices it receives: e-invoice exports take the
 * buyer-side terms an invoice lacks from here (never a seller-side one). '' is "not given".
 */
export const companyProfiles = sqliteTable('company_profiles', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  name: text('name').notNull().default(''),
  street: text('street').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  /** BT-49 as `scheme:address`. */
  electronicAddress: text('electronic_address').notNull().default(''),
  /** BT-10: the default buyer reference (a Leitweg-ID). */
  buyerReference: text('buyer_reference').notNull().default(''),
  updatedAt: text('updated_at').notNull(),
});
