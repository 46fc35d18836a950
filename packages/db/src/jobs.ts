// Parse jobs: inserted `queued`, claimed one at a time by the runner (`processing`), ended `done`
// or `failed`. A job still `processing` when the service starts was cut off by a crash and is
// queued again.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type Db, prepared } from './database.js';
import { callbacks, type JobStatus, jobs } from './schema.js';

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export function insertJob(db: Db, job: NewJob): Job {
  return db.insert(jobs).values(job).returning().get();
}

export function jobById(db: Db, id: number): Job | undefined {
  return prepared(db, 'jobById', () =>
    db
      .select()
      .from(jobs)
      .where(eq(jobs.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The account's earlier job for the same bytes that did not fail (decisions §8). */
export function duplicateJob(db: Db, accountId: number, sha256: string): Job | undefined {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.sha256, sha256), ne(jobs.status, 'failed')))
    .orderBy(jobs.id)
    .limit(1)
    .get();
}

/** Takes the oldest queued job and marks it `processing`, atomically. */
export function claimNextJob(db: Db, at: string): Job | undefined {
  return db
    .update(jobs)
    .set({ status: 'processing', startedAt: at, attempts: sql`${jobs.attempts} + 1` })
    .where(
      eq(
        jobs.id,
        sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' order by ${jobs.id} limit 1)`,
      ),
    )
    .returning()
    .get();
}

/** Puts jobs left `processing` (by a crash or a shutdown) back in the queue; returns how many. */
export function requeueProcessing(db: Db, ids?: number[]): number {
  const where = ids
    ? and(eq(jobs.status, 'processing'), sql`${jobs.id} in (${sql.join(ids, sql`, `)})`)
    : eq(jobs.status, 'processing');
  if (ids && ids.length === 0) return 0;
  return db.update(jobs).set({ status: 'queued', startedAt: null }).where(where).run().changes;
}

export function updateJob(db: Db, id: number, set: Partial<Job>): void {
  db.update(jobs).set(set).where(eq(jobs.id, id)).run();
}

export function countJobs(db: Db, status: JobStatus): number {
  const row = prepared(db, 'countJobs', () =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(jobs)
      .where(eq(jobs.status, sql.placeholder('status')))
      .prepare(),
  ).get({ status });
  return row?.n ?? 0;
}

export function jobsOf(db: Db, accountId: number, limit: number, offset: number): Job[] {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.accountId, accountId))
    .orderBy(desc(jobs.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countJobsOf(db: Db, accountId: number): number {
  const row = db.select({ n: sql<number>`count(*)` }).from(jobs).where(eq(jobs.accountId, accountId)).get();
  return row?.n ?? 0;
}

/** Whether any job still refers to the blob (another job, maybe another account's). */
export function blobInUse(db: Db, sha256: string): boolean {
  return !!db.select({ id: jobs.id }).from(jobs).where(eq(jobs.sha256, sha256)).limit(1).get();
}

/**
 * Removes a job and its pending callback; the ledger and usage rows keep its number, and the usage
 * rows its file, so bytes charged once are not charged again when sent anew (fileChargedBefore).
 */
export function deleteJob(db: Db, id: number): void {
  db.delete(callbacks).where(eq(callbacks.jobId, id)).run();
  db.delete(jobs).where(eq(jobs.id, id)).run();
}

/**
 * The account's jobs corrected after the cursor `(editedAt, id)`, oldest change first: what the
 * desktop sync pulls. The id breaks ties between edits of the same millisecond.
 */
export function jobsEditedAfter(
  db: Db,
  accountId: number,
  after: { editedAt: string; id: number } | null,
  limit: number,
): Job[] {
  const edited = sql`${jobs.editedAt} is not null`;
  const past = after
    ? sql`(${jobs.editedAt} > ${after.editedAt} or (${jobs.editedAt} = ${after.editedAt} and ${jobs.id} > ${after.id}))`
    : sql`1 = 1`;
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), edited, past))
    .orderBy(jobs.editedAt, jobs.id)
    .limit(limit)
    .all();
}
