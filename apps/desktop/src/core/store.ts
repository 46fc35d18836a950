// The local store: opens the desktop's SQLite file (WAL, the checked-in migrations applied) and
// holds the few queries the core needs: add a file's content once, claim the next one to read,
// record its end, keep a person's edits, and the sync outbox.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';
import { jobs, outbox, settings } from './schema.js';

export type LocalDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
export type LocalJob = typeof jobs.$inferSelect;
export type NewLocalJob = typeof jobs.$inferInsert;
/** A person's corrections, per field, with when each was made (the later one wins). */
export type FieldEdits = Record<string, { value: string; at: string }>;

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
export const STORE_FILE = 'invoices.sqlite';

export function openStore(dir: string): LocalDb {
  mkdirSync(dir, { recursive: true });
  const sqlite = new Database(path.join(dir, STORE_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema }) as LocalDb;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

export function closeStore(db: LocalDb): void {
  if (db.$client.open) db.$client.close();
}

/** A new file's row: the columns known before it is read. */
export type NewFile = Pick<
  NewLocalJob,
  'status' | 'country' | 'path' | 'filename' | 'size' | 'sha256' | 'createdAt'
>;

/** Adds a content once: an existing row for the same SHA-256 is answered instead. */
export function addJob(db: LocalDb, job: NewFile): { job: LocalJob; duplicate: boolean } {
  return db.$client
    .transaction(() => {
      const earlier = jobBySha(db, job.sha256);
      if (earlier) return { job: earlier, duplicate: true };
      return { job: queries(db).insert.get(job as Record<string, unknown>), duplicate: false };
    })
    .immediate();
}

// The queries run once per file are prepared once per database (drizzle builds a query's SQL on
// every call otherwise, which showed in the headless run over the corpus).
const prepared = new WeakMap<LocalDb, ReturnType<typeof prepare>>();
function prepare(db: LocalDb) {
  return {
    bySha: db
      .select()
      .from(jobs)
      .where(eq(jobs.sha256, sql.placeholder('sha')))
      .prepare(),
    byId: db
      .select()
      .from(jobs)
      .where(eq(jobs.id, sql.placeholder('id')))
      .prepare(),
    insert: db
      .insert(jobs)
      .values({
        status: sql.placeholder('status'),
        country: sql.placeholder('country'),
        path: sql.placeholder('path'),
        filename: sql.placeholder('filename'),
        size: sql.placeholder('size'),
        sha256: sql.placeholder('sha256'),
        createdAt: sql.placeholder('createdAt'),
      })
      .returning()
      .prepare(),
    /** Takes the oldest queued job and marks it `processing`, atomically. */
    claim: db
      .update(jobs)
      .set({
        status: 'processing',
        startedAt: sql`${sql.placeholder('at')}`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        eq(
          jobs.id,
          sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' order by ${jobs.id} limit 1)`,
        ),
      )
      .returning()
      .prepare(),
    finish: db
      .update(jobs)
      .set({
        status: sql`${sql.placeholder('status')}`,
        mode: sql`${sql.placeholder('mode')}`,
        fileType: sql`${sql.placeholder('fileType')}`,
        pages: sql`${sql.placeholder('pages')}`,
        pagesScanned: sql`${sql.placeholder('pagesScanned')}`,
        error: sql`${sql.placeholder('error')}`,
        message: sql`${sql.placeholder('message')}`,
        readMs: sql`${sql.placeholder('readMs')}`,
        finishedAt: sql`${sql.placeholder('finishedAt')}`,
        result: sql`${sql.placeholder('result')}`,
      })
      .where(eq(jobs.id, sql.placeholder('id')))
      .prepare(),
    enqueue: db
      .insert(outbox)
      .values({ jobId: sql.placeholder('jobId'), createdAt: sql.placeholder('at') })
      // Queued again (an edit): a new content to send, so earlier refusals and backoff start over.
      .onConflictDoUpdate({
        target: outbox.jobId,
        set: { createdAt: sql`excluded.created_at`, attempts: 0, retries: 0, retryAt: null },
      })
      .prepare(),
  };
}
function queries(db: LocalDb) {
  let q = prepared.get(db);
  if (!q) {
    q = prepare(db);
    prepared.set(db, q);
  }
  return q;
}

export function jobBySha(db: LocalDb, sha256: string): LocalJob | undefined {
  return queries(db).bySha.get({ sha: sha256 });
}

export function jobById(db: LocalDb, id: number): LocalJob | undefined {
  return queries(db).byId.get({ id });
}

export function allJobs(db: LocalDb): LocalJob[] {
  return db.select().from(jobs).orderBy(asc(jobs.id)).all();
}

export function updateJob(db: LocalDb, id: number, set: Partial<LocalJob>): void {
  db.update(jobs).set(set).where(eq(jobs.id, id)).run();
}

/** Takes the oldest queued job and marks it `processing`, atomically. */
/** What a read ends with. */
export type ReadEnd = Pick<
  LocalJob,
  | 'status'
  | 'mode'
  | 'fileType'
  | 'pages'
  | 'pagesScanned'
  | 'error'
  | 'message'
  | 'readMs'
  | 'finishedAt'
  | 'result'
>;

export function finishJob(db: LocalDb, id: number, end: ReadEnd): void {
  queries(db).finish.run({ id, ...end });
}

export function claimNext(db: LocalDb, at: string): LocalJob | undefined {
  return queries(db).claim.get({ at });
}

/**
 * The failed rows of a path older than the path's last read row (done or failed) are removed: the
 * file there was read again (it was still being written when a pause made it look whole, or it
 * changed), so the failure is of a content that is no longer there. Answers how many went.
 */
export function dropSupersededFailures(db: LocalDb, filePath: string): number {
  return db.$client
    .transaction(() => {
      const stale = db.$client
        .prepare(
          `select id from jobs where path = ? and status = 'failed' and id <
             (select max(id) from jobs where path = ? and status in ('done', 'failed'))`,
        )
        .pluck()
        .all(filePath, filePath) as number[];
      for (const id of stale) {
        db.delete(outbox).where(eq(outbox.jobId, id)).run();
        db.delete(jobs).where(eq(jobs.id, id)).run();
      }
      return stale.length;
    })
    .immediate();
}

/** Removes a job and what waits to be sent of it (a person deleted the invoice). */
export function deleteJobRow(db: LocalDb, id: number): void {
  db.$client
    .transaction(() => {
      db.delete(outbox).where(eq(outbox.jobId, id)).run();
      db.delete(jobs).where(eq(jobs.id, id)).run();
    })
    .immediate();
}

/** Reads cut off this often end `failed`: a file that takes the process down must not loop. */
export const MAX_ATTEMPTS = 3;

/** Rows left `processing` by a kill are read again (back to the queue), unless cut off too often. */
export function requeueProcessing(db: LocalDb, at: string): number {
  db.update(jobs)
    .set({
      status: 'failed',
      error: 'internal_error',
      message: `reading was cut off ${MAX_ATTEMPTS} times (the app stopped or crashed while reading this file)`,
      finishedAt: at,
    })
    .where(and(eq(jobs.status, 'processing'), sql`${jobs.attempts} >= ${MAX_ATTEMPTS}`))
    .run();
  return db.update(jobs).set({ status: 'queued', startedAt: null }).where(eq(jobs.status, 'processing')).run()
    .changes;
}

export function editsOf(job: LocalJob): FieldEdits {
  try {
    return JSON.parse(job.fieldEdits) as FieldEdits;
  } catch {
    return {};
  }
}

// --- sync outbox ---------------------------------------------------------------------------------

export function enqueueOutbox(db: LocalDb, jobId: number, at: string): void {
  queries(db).enqueue.run({ jobId, at });
}

export interface OutboxRow {
  jobId: number;
  attempts: number;
  retries: number;
  retryAt: string | null;
  lastError: string | null;
}

export function outboxRows(db: LocalDb): OutboxRow[] {
  return db
    .select({
      jobId: outbox.jobId,
      attempts: outbox.attempts,
      retries: outbox.retries,
      retryAt: outbox.retryAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .orderBy(outbox.jobId)
    .all();
}

/** Removes a row once sent, unless it was queued again while the send was under way. */
export function outboxSent(db: LocalDb, jobId: number, queuedBefore: string): void {
  db.delete(outbox)
    .where(and(eq(outbox.jobId, jobId), sql`${outbox.createdAt} <= ${queuedBefore}`))
    .run();
}

/** The service refused the item itself (422): counts toward giving up. */
export function outboxFailed(db: LocalDb, jobId: number, error: string): void {
  db.update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(outbox.jobId, jobId))
    .run();
}

/** A send failed for a reason that passes (409, 413, 429, a proxy's page…): sent again after `retryAt`. */
export function outboxRetryLater(db: LocalDb, jobId: number, error: string, retryAt: string): void {
  db.update(outbox)
    .set({ retries: sql`${outbox.retries} + 1`, retryAt, lastError: error.slice(0, 500) })
    .where(eq(outbox.jobId, jobId))
    .run();
}

/**
 * Another account signed in on this store: the remote job numbers and the outbox's history belong
 * to the earlier one. They are forgotten, and every read result is queued for the new account.
 */
export function forgetRemote(db: LocalDb, at: string): void {
  db.$client
    .transaction(() => {
      db.update(jobs).set({ remoteJobId: null }).run();
      db.update(outbox).set({ attempts: 0, retries: 0, retryAt: null, lastError: null }).run();
      for (const job of unsyncedDone(db)) enqueueOutbox(db, job.id, at);
    })
    .immediate();
}

export function outboxCreatedAt(db: LocalDb, jobId: number): string | undefined {
  return db.select({ at: outbox.createdAt }).from(outbox).where(eq(outbox.jobId, jobId)).get()?.at;
}

/** Whether any job has a number on the service. */
export function anyRemote(db: LocalDb): boolean {
  return !!db.select({ id: jobs.id }).from(jobs).where(sql`${jobs.remoteJobId} is not null`).limit(1).get();
}

/** Jobs with a content but no server number yet (for a first sync after signing in). */
export function unsyncedDone(db: LocalDb): LocalJob[] {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'done'), isNull(jobs.remoteJobId)))
    .all();
}

// --- settings ------------------------------------------------------------------------------------

export function getSetting(db: LocalDb, key: string): string | undefined {
  return db.select().from(settings).where(eq(settings.key, key)).get()?.value;
}

export function setSetting(db: LocalDb, key: string, value: string): void {
  db.insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
    .run();
}

export function deleteSetting(db: LocalDb, key: string): void {
  db.delete(settings).where(eq(settings.key, key)).run();
}
