// The service's tables for PostgreSQL (drizzle-orm pg-core): the same tables, columns, defaults,
// keys and indexes as schema.ts, which says what each holds; schema-pg.test.ts checks that the two
// stay equal. SQLite's integers are 64-bit, so every integer here is a bigint (read as a number).
import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CALLBACK_STATUSES,
  INBOX_ITEM_STATUSES,
  JOB_STATUSES,
  LEDGER_KINDS,
  LETTER_STATUSES,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATES,
  USAGE_ALLOWANCES,
} from './schema.js';

export const accounts = pgTable('accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  createdAt: text('created_at').notNull(),
  balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  heldMinor: bigint('held_minor', { mode: 'number' }).notNull().default(0),
  freePages: bigint('free_pages', { mode: 'number' }).notNull().default(0),
  heldFreePages: bigint('held_free_pages', { mode: 'number' }).notNull().default(0),
  name: text('name').notNull().default(''),
  lang: text('lang').notNull().default('ru'),
  tier: text('tier').notNull().default('starter'),
  webFreeParsesTotal: bigint('web_free_parses_total', { mode: 'number' }).notNull().default(1),
  webFreeParsesUsed: bigint('web_free_parses_used', { mode: 'number' }).notNull().default(0),
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    hash: text('hash').notNull().unique(),
    createdAt: text('created_at').notNull(),
    lastSeenAt: text('last_seen_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_account').on(t.accountId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    label: text('label').notNull().default(''),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

export const ledger = pgTable(
  'ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    heldMinor: bigint('held_minor', { mode: 'number' }).notNull().default(0),
    freePages: bigint('free_pages', { mode: 'number' }).notNull().default(0),
    heldFreePages: bigint('held_free_pages', { mode: 'number' }).notNull().default(0),
    jobId: bigint('job_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('ledger_account').on(t.accountId), index('ledger_job').on(t.jobId)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    apiKeyId: bigint('api_key_id', { mode: 'number' }).references(() => apiKeys.id),
    source: text('source').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull(),
    country: text('country').notNull(),
    filename: text('filename').notNull().default(''),
    fileType: text('file_type'),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    mode: text('mode'),
    pages: bigint('pages', { mode: 'number' }).notNull().default(0),
    pagesScanned: bigint('pages_scanned', { mode: 'number' }).notNull().default(0),
    reservedPages: bigint('reserved_pages', { mode: 'number' }).notNull().default(0),
    reservedMinor: bigint('reserved_minor', { mode: 'number' }).notNull().default(0),
    reservedFreePages: bigint('reserved_free_pages', { mode: 'number' }).notNull().default(0),
    chargedMinor: bigint('charged_minor', { mode: 'number' }).notNull().default(0),
    chargedPages: bigint('charged_pages', { mode: 'number' }).notNull().default(0),
    webParses: bigint('web_parses', { mode: 'number' }).notNull().default(0),
    editedAt: text('edited_at'),
    fieldEdits: text('field_edits'),
    result: text('result'),
    error: text('error'),
    message: text('message'),
    callbackUrl: text('callback_url'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    createdAt: text('created_at').notNull(),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    readMs: bigint('read_ms', { mode: 'number' }),
  },
  (t) => [
    index('jobs_account_sha').on(t.accountId, t.sha256),
    index('jobs_status').on(t.status, t.id),
    index('jobs_account_id').on(t.accountId, t.id),
    index('jobs_account_edited').on(t.accountId, t.editedAt, t.id),
  ],
);

export const usage = pgTable(
  'usage',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    apiKeyId: bigint('api_key_id', { mode: 'number' }),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    allowance: text('allowance', { enum: USAGE_ALLOWANCES }).notNull().default('api'),
    sha256: text('sha256'),
    pages: bigint('pages', { mode: 'number' }).notNull(),
    freePages: bigint('free_pages', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('usage_account').on(t.accountId, t.id), index('usage_account_sha').on(t.accountId, t.sha256)],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    window: bigint('window', { mode: 'number' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.window] })],
);

export const callbacks = pgTable(
  'callbacks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id),
    url: text('url').notNull(),
    status: text('status', { enum: CALLBACK_STATUSES }).notNull(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    deliveredAt: text('delivered_at'),
  },
  (t) => [uniqueIndex('callbacks_job').on(t.jobId), index('callbacks_due').on(t.status, t.nextAttemptAt)],
);

// --- account sign-in ---------------------------------------------------------------------------

export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    hash: text('hash').notNull().unique(),
    email: text('email').notNull(),
    lang: text('lang').notNull().default('en'),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    consumedAt: text('consumed_at'),
    pinUntil: text('pin_until'),
    pinFailures: bigint('pin_failures', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('sign_in_links_email').on(t.email)],
);

export const deviceCodes = pgTable('device_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  deviceHash: text('device_hash').notNull().unique(),
  userCode: text('user_code').notNull().unique(),
  client: text('client').notNull().default(''),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
  confirmedAt: text('confirmed_at'),
  consumedAt: text('consumed_at'),
});

export const accountPins = pgTable('account_pins', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  hash: text('hash').notNull(),
  setAt: text('set_at').notNull(),
});

// --- public pages ------------------------------------------------------------------------------

export const leads = pgTable('leads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  company: text('company'),
  pagesPerMonth: bigint('pages_per_month', { mode: 'number' }),
  comment: text('comment'),
  source: text('source').notNull().default('site'),
  lang: text('lang').notNull().default(''),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    stars: bigint('stars', { mode: 'number' }).notNull(),
    text: text('text').notNull().default(''),
    published: boolean('published').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('reviews_published').on(t.published, t.id)],
);

// --- payments ----------------------------------------------------------------------------------

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    planCode: text('plan_code').notNull(),
    period: text('period').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    autorenew: boolean('autorenew').notNull().default(true),
    providerSubscriptionId: text('provider_subscription_id'),
    paidAt: text('paid_at'),
    expiresAt: text('expires_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('subscriptions_account').on(t.accountId, t.id)],
);

export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).references(() => subscriptions.id),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    creditEurMinor: bigint('credit_eur_minor', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    providerOrderId: text('provider_order_id'),
    providerUrl: text('provider_url'),
    providerTxId: text('provider_tx_id').unique(),
    linkToken: text('link_token').notNull().unique(),
    linkExpiresAt: text('link_expires_at').notNull(),
    paidAt: text('paid_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('payments_account').on(t.accountId, t.id),
    index('payments_status_created').on(t.status, t.createdAt),
  ],
);

export const providerEvents = pgTable('provider_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  eventKey: text('event_key').notNull().unique(),
  receivedAt: text('received_at').notNull(),
});

// --- mail: the connected mailbox, the inbox scan, letters --------------------------------------

export const mailAccounts = pgTable('mail_accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => accounts.id),
  provider: text('provider').notNull().default('gmail'),
  address: text('address').notNull(),
  tokenCipher: text('token_cipher').notNull(),
  scopes: text('scopes').notNull(),
  connectedAt: text('connected_at').notNull(),
});

export const mailConnectStates = pgTable(
  'mail_connect_states',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    nonceHash: text('nonce_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('mail_connect_states_account').on(t.accountId)],
);

export const inboxItems = pgTable(
  'inbox_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
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
    jobId: bigint('job_id', { mode: 'number' }),
    status: text('status', { enum: INBOX_ITEM_STATUSES }).notNull(),
    error: text('error'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('inbox_items_part').on(t.accountId, t.messageId, t.partId),
    index('inbox_items_account').on(t.accountId, t.id),
  ],
);

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    messageId: text('message_id').notNull(),
    scannedAt: text('scanned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.messageId] })],
);

export const inboxScanPositions = pgTable(
  'inbox_scan_positions',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    address: text('address').notNull(),
    query: text('query').notNull(),
    spans: text('spans').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.address, t.query] })],
);

export const letters = pgTable(
  'letters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    invoiceTitle: text('invoice_title').notNull(),
    debtor: text('debtor').notNull(),
    status: text('status', { enum: LETTER_STATUSES }).notNull(),
    error: text('error'),
    trackingHash: text('tracking_hash').notNull().unique(),
    replyThreadId: text('reply_thread_id'),
    providerMessageId: text('provider_message_id'),
    providerThreadId: text('provider_thread_id'),
    sendAt: text('send_at').notNull(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
    openedAt: text('opened_at'),
  },
  (t) => [index('letters_account').on(t.accountId, t.id), index('letters_due').on(t.status, t.nextAttemptAt)],
);
// --- exports ---------------------------------------------------------------------------------

export const exportSettings = pgTable('export_settings', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  consultantNo: text('consultant_no').notNull().default(''),
  clientNo: text('client_no').notNull().default(''),
  account: text('account').notNull().default('1200'),
  contraAccount: text('contra_account').notNull().default('8400'),
  buKey: text('bu_key').notNull().default(''),
  fiscalYearStart: bigint('fiscal_year_start', { mode: 'number' }).notNull().default(1),
  updatedAt: text('updated_at').notNull(),
});

export const companyProfiles = pgTable('company_profiles', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  name: text('name').notNull().default(''),
  street: text('street').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  electronicAddress: text('electronic_address').notNull().default(''),
  buyerReference: text('buyer_reference').notNull().default(''),
  updatedAt: text('updated_at').notNull(),
});
