// The desktop app's local tables (drizzle-orm, SQLite): one row per distinct file content read on
// this machine (the server's job shape: status, mode, pages, result JSON, error), the sync outbox
// (what still has to reach the hosted service) and a small key/value table for sync state.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const JOB_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Always `desktop`: the server's column, kept so a row reads like a server job. */
    source: text('source').notNull().default('desktop'),
    status: text('status', { enum: JOB_STATUSES }).notNull(),
    country: text('country').notNull(),
    /** Where the file is now (after a move, its new place). */
    path: text('path').notNull(),
    filename: text('filename').notNull(),
    fileType: text('file_type'),
    size: integer('size').notNull(),
    /** SHA-256 (hex) of the content: one row per content, the dedup key here and on the server. */
    sha256: text('sha256').notNull(),
    mode: text('mode'),
    pages: integer('pages').notNull().default(0),
    pagesScanned: integer('pages_scanned').notNull().default(0),
    /** The engine's result as JSON (fields, fields_detailed, document, checks, ...), once read. */
    result: text('result'),
    error: text('error'),
    message: text('message'),
    /** A person's corrections, per field with when they were made: `{key: {value, at}}`. */
    fieldEdits: text('field_edits').notNull().default('{}'),
    editedAt: text('edited_at'),
    /** How many times a read started (a kill mid-read leaves the row `processing`). */
    attempts: integer('attempts').notNull().default(0),
    /** The job's number on the hosted service, once synced. */
    remoteJobId: integer('remote_job_id'),
    createdAt: text('created_at').notNull(),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    readMs: integer('read_ms'),
  },
  (t) => [uniqueIndex('jobs_sha256').on(t.sha256), index('jobs_status').on(t.status, t.id)],
);

/** What has to reach the server: one row per job with something unsent, removed once sent. */
export const outbox = sqliteTable('outbox', {
  jobId: integer('job_id')
    .primaryKey()
    .references(() => jobs.id),
  createdAt: text('created_at').notNull(),
  /** Refusals of the item itself (422): at MAX_REFUSALS it is left for a person to look at. */
  attempts: integer('attempts').notNull().default(0),
  /** Other failed sends in a row (408, 409, 413, 429, a proxy's 404, 5xx): retried, never given up. */
  retries: integer('retries').notNull().default(0),
  /** Not sent again before this time (backoff after a failed send). */
  retryAt: text('retry_at'),
  lastError: text('last_error'),
});

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
