// Parse jobs: inserted `queued`, claimed one at a time (`processing`) by the runner (SQLite:
// the oldest queued) or by a queue worker (PostgreSQL: by its id), ended `done` or `failed`. On
// SQLite a job still `processing` when the service starts was cut off by a crash and is queued
// again; on PostgreSQL the queue's lease does that, and the runner requeues only the rows no
// live process can hold (requeueStale, or all of them when it is the only process).
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { type DbHandle, inTransaction } from './handle.js';
import type { JobStatus, jobs } from './schema.js';

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export async function insertJob(db: DbHandle, job: NewJob): Promise<Job> {
  const { orm, t } = db;
  const [row] = await orm.insert(t.jobs).values(job).returning();
  return row!;
}

export async function jobById(db: DbHandle, id: number): Promise<Job | undefined> {
  const { orm, t } = db;
  const [job] = await orm.select().from(t.jobs).where(eq(t.jobs.id, id));
  return job;
}

/** The account's earlier job for the same bytes that did not fail (decisions §8). */
export async function duplicateJob(
  db: DbHandle,
  accountId: number,
  sha256: string,
): Promise<Job | undefined> {
  const { orm, t } = db;
  const [job] = await orm
    .select()
    .from(t.jobs)
    .where(and(eq(t.jobs.accountId, accountId), eq(t.jobs.sha256, sha256), ne(t.jobs.status, 'failed')))
    .orderBy(asc(t.jobs.id))
    .limit(1);
  return job;
}

/**
 * Takes the oldest queued job and marks it `processing`, atomically: one statement, which picks
 * the job and, in case another claim took it first, changes it only while it is still `queued`.
 */
export async function claimNextJob(db: DbHandle, at: string): Promise<Job | undefined> {
  const { orm, t } = db;
  const j = t.jobs;
  const [job] = await orm
    .update(j)
    .set({ status: 'processing', startedAt: at, attempts: sql`${j.attempts} + 1` })
    .where(
      and(
        eq(j.id, sql`(select ${j.id} from ${j} where ${j.status} = 'queued' order by ${j.id} limit 1)`),
        eq(j.status, 'queued'),
      ),
    )
    .returning();
  return job;
}

/**
 * Claims one job by its id for a queue worker (adr/0013): `processing` with a new attempt, only
 * while it is still as the caller saw it (`seen`: its status and attempt), so of two workers that
 * saw the same row one claims it. A job `processing` is taken over only by a worker that judged
 * its reader gone (its lease ended); the old reader's late result is then dropped at settling.
 */
export async function claimJob(
  db: DbHandle,
  id: number,
  at: string,
  seen: Pick<Job, 'status' | 'attempts'>,
): Promise<Job | undefined> {
  const { orm, t } = db;
  const j = t.jobs;
  const [job] = await orm
    .update(j)
    .set({ status: 'processing', startedAt: at, attempts: sql`${j.attempts} + 1` })
    .where(and(eq(j.id, id), eq(j.status, seen.status), eq(j.attempts, seen.attempts)))
    .returning();
  return job;
}

/**
 * Jobs that may have lost their queue message: `queued` since before `queuedBefore`, or
 * `processing` since before `startedBefore` (a reader that long is gone). Oldest first.
 */
export async function unfinishedJobIds(
  db: DbHandle,
  { queuedBefore, startedBefore, limit }: { queuedBefore: string; startedBefore: string; limit: number },
): Promise<number[]> {
  const { orm, t } = db;
  const j = t.jobs;
  const rows = await orm
    .select({ id: j.id })
    .from(j)
    .where(
      or(
        and(eq(j.status, 'queued'), lt(j.createdAt, queuedBefore)),
        and(eq(j.status, 'processing'), lt(j.startedAt, startedBefore)),
      ),
    )
    .orderBy(asc(j.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Puts back in the queue the jobs `processing` since before `startedBefore` (a reader that long
 * has timed out: it is gone), except `keep` (the caller's own reads); answers their ids. The next
 * claim is a new attempt, so a late result of the old reader is dropped at settling.
 */
export async function requeueStale(
  db: DbHandle,
  startedBefore: string,
  keep: number[] = [],
): Promise<number[]> {
  const { orm, t } = db;
  const j = t.jobs;
  const requeued = await orm
    .update(j)
    .set({ status: 'queued', startedAt: null })
    .where(
      and(
        eq(j.status, 'processing'),
        lt(j.startedAt, startedBefore),
        keep.length ? notInArray(j.id, keep) : undefined,
      ),
    )
    .returning({ id: j.id });
  return requeued.map((r) => r.id);
}

/** Puts jobs left `processing` (by a crash or a shutdown) back in the queue; returns how many. */
export async function requeueProcessing(db: DbHandle, ids?: number[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const { orm, t } = db;
  const requeued = await orm
    .update(t.jobs)
    .set({ status: 'queued', startedAt: null })
    .where(and(eq(t.jobs.status, 'processing'), ids ? inArray(t.jobs.id, ids) : undefined))
    .returning({ id: t.jobs.id });
  return requeued.length;
}

export async function updateJob(db: DbHandle, id: number, set: Partial<Job>): Promise<void> {
  const { orm, t } = db;
  await orm.update(t.jobs).set(set).where(eq(t.jobs.id, id));
}

export async function countJobs(db: DbHandle, status: JobStatus): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm.select({ n: count() }).from(t.jobs).where(eq(t.jobs.status, status));
  return row?.n ?? 0;
}

export async function jobsOf(db: DbHandle, accountId: number, limit: number, offset: number): Promise<Job[]> {
  const { orm, t } = db;
  return orm
    .select()
    .from(t.jobs)
    .where(eq(t.jobs.accountId, accountId))
    .orderBy(desc(t.jobs.id))
    .limit(limit)
    .offset(offset);
}

export async function countJobsOf(db: DbHandle, accountId: number): Promise<number> {
  const { orm, t } = db;
  const [row] = await orm.select({ n: count() }).from(t.jobs).where(eq(t.jobs.accountId, accountId));
  return row?.n ?? 0;
}

/** Whether any job still refers to the blob (another job, maybe another account's). */
export async function blobInUse(db: DbHandle, sha256: string): Promise<boolean> {
  const { orm, t } = db;
  const rows = await orm.select({ id: t.jobs.id }).from(t.jobs).where(eq(t.jobs.sha256, sha256)).limit(1);
  return rows.length > 0;
}

/**
 * Removes a job and its pending callback, together; the ledger and usage rows keep its number,
 * and the usage rows its file, so bytes charged once are not charged again when sent anew
 * (fileChargedBefore).
 */
export function deleteJob(db: DbHandle, id: number): Promise<void> {
  return inTransaction(db, async (tx) => {
    const { orm, t } = tx;
    await orm.delete(t.callbacks).where(eq(t.callbacks.jobId, id));
    await orm.delete(t.jobs).where(eq(t.jobs.id, id));
  });
}

/**
 * The account's jobs corrected after the cursor `(editedAt, id)`, oldest change first: what the
 * desktop sync pulls. The id breaks ties between edits of the same millisecond.
 */
export async function jobsEditedAfter(
  db: DbHandle,
  accountId: number,
  after: { editedAt: string; id: number } | null,
  limit: number,
): Promise<Job[]> {
  const { orm, t } = db;
  const j = t.jobs;
  const past = after
    ? or(gt(j.editedAt, after.editedAt), and(eq(j.editedAt, after.editedAt), gt(j.id, after.id)))
    : undefined;
  return orm
    .select()
    .from(j)
    .where(and(eq(j.accountId, accountId), isNotNull(j.editedAt), past))
    .orderBy(asc(j.editedAt), asc(j.id))
    .limit(limit);
}
