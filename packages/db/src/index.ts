// The service's storage: schema, the database handle and the repositories.
export * from './accounts.js';
export * from './api-keys.js';
export * from './backup.js';
export * from './callbacks.js';
export * from './company-profile.js';
export * from './database.js';
export * from './device-codes.js';
export * from './export-settings.js';
export * from './handle.js';
export * from './handle-pg.js';
export * from './jobs.js';
export * from './mail.js';
export * from './payments.js';
export * from './public-pages.js';
export * from './rate-limits.js';
export * as schema from './schema.js';
export {
  CALLBACK_STATUSES,
  INBOX_ITEM_STATUSES,
  JOB_STATUSES,
  type JobStatus,
  LEDGER_KINDS,
  LETTER_STATUSES,
  type LedgerKind,
} from './schema.js';
export * from './sessions.js';
export * from './sign-in.js';
export * from './usage.js';
