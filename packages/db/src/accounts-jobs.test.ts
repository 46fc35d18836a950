// Accounts, their ledger and parse jobs on both engines: the ledger moves an account's columns by
// its rows and refuses a change below zero, the web allowance is held and given back within its
// bounds, and a job is found, claimed once in queue order, requeued, listed, counted and deleted.
import { describe, expect, it } from 'vitest';
import {
  accountByEmail,
  accountById,
  appendLedger,
  blobInUse,
  claimNextJob,
  countJobs,
  countJobsOf,
  type DbHandle,
  deleteJob,
  duplicateJob,
  holdWebParse,
  insertAccount,
  insertCallback,
  insertJob,
  inTransaction,
  jobById,
  jobsEditedAfter,
  jobsOf,
  ledgerOf,
  ledgerTotals,
  releaseWebParse,
  requeueProcessing,
  setWebAllowance,
  updateJob,
  updateProfile,
} from './index.js';
import { databases, ENGINES } from './test-support/engines.js';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T11:00:00.000Z';

const job = (
  db: DbHandle,
  accountId: number,
  sha256: string,
  status: 'queued' | 'done' | 'failed' = 'queued',
) => insertJob(db, { accountId, source: 'api', status, country: 'DE', size: 1, sha256, createdAt: T0 });

describe.each(ENGINES)('accounts and jobs on %s', (engine) => {
  const dbs = databases(engine);

  it('accounts: found by e-mail and id, profile changed, the ledger moving the columns by its rows', async () => {
    const db = await dbs.open();
    const a = await insertAccount(db, 'ada@example.com', T0);
    expect(a).toMatchObject({
      email: 'ada@example.com',
      balanceMinor: 0,
      freePages: 0,
      webFreeParsesTotal: 1,
    });
    await expect(insertAccount(db, 'ada@example.com', T0)).rejects.toThrow();
    expect((await accountByEmail(db, 'ada@example.com'))?.id).toBe(a.id);
    expect(await accountByEmail(db, 'nobody@example.com')).toBeUndefined();
    await updateProfile(db, a.id, { name: 'Ada', lang: 'de' });
    expect(await accountById(db, a.id)).toMatchObject({ name: 'Ada', lang: 'de' });

    const moved = await inTransaction(db, (tx) =>
      appendLedger(tx, a.id, 'topup', { balanceMinor: 1000, freePages: 3 }, T0, { note: 'first' }),
    );
    expect(moved).toBe(true);
    const held = await inTransaction(db, (tx) =>
      appendLedger(tx, a.id, 'reserve', { balanceMinor: -300, heldMinor: 300 }, T1),
    );
    expect(held).toBe(true);
    // Below zero: refused, and nothing written.
    const refused = await inTransaction(db, (tx) => appendLedger(tx, a.id, 'debit', { heldMinor: -301 }, T1));
    expect(refused).toBe(false);
    expect(await accountById(db, a.id)).toMatchObject({ balanceMinor: 700, heldMinor: 300, freePages: 3 });
    expect((await ledgerOf(db, a.id)).map((l) => [l.kind, l.balanceMinor, l.heldMinor])).toEqual([
      ['topup', 1000, 0],
      ['reserve', -300, 300],
    ]);
    expect(await ledgerTotals(db, a.id)).toEqual({
      balanceMinor: 700,
      heldMinor: 300,
      freePages: 3,
      heldFreePages: 0,
    });
  });

  it('the web allowance: held up to its total, given back never below zero, set anew', async () => {
    const db = await dbs.open();
    const a = await insertAccount(db, 'web@example.com', T0);
    expect(await holdWebParse(db, a.id)).toBe(true);
    expect(await holdWebParse(db, a.id)).toBe(false);
    await releaseWebParse(db, a.id);
    await releaseWebParse(db, a.id);
    expect((await accountById(db, a.id))?.webFreeParsesUsed).toBe(0);
    await setWebAllowance(db, a.id, 2);
    expect(
      await Promise.all([holdWebParse(db, a.id), holdWebParse(db, a.id), holdWebParse(db, a.id)]),
    ).toEqual(expect.arrayContaining([true, true, false]));
    expect(await accountById(db, a.id)).toMatchObject({ webFreeParsesTotal: 2, webFreeParsesUsed: 2 });
  });

  it('jobs: claimed once each in queue order, requeued, found again by their bytes, listed and counted', async () => {
    const db = await dbs.open();
    const a = (await insertAccount(db, 'jobs@example.com', T0)).id;
    const first = await job(db, a, 'a'.repeat(64));
    const second = await job(db, a, 'b'.repeat(64));
    const failed = await job(db, a, 'c'.repeat(64), 'failed');
    expect(await countJobs(db, 'queued')).toBe(2);
    // Three claims at once take the two queued jobs once each, oldest first.
    const claims = await Promise.all([claimNextJob(db, T1), claimNextJob(db, T1), claimNextJob(db, T1)]);
    const claimed = claims.filter((j) => j !== undefined);
    expect(claimed.map((j) => j.id).sort((x, y) => x - y)).toEqual([first.id, second.id]);
    expect(claimed.every((j) => j.status === 'processing' && j.attempts === 1 && j.startedAt === T1)).toBe(
      true,
    );
    expect(await claimNextJob(db, T1)).toBeUndefined();
    expect(await requeueProcessing(db, [second.id])).toBe(1);
    expect(await requeueProcessing(db, [])).toBe(0);
    expect((await jobById(db, second.id))?.status).toBe('queued');
    expect(await requeueProcessing(db)).toBe(1);
    expect(await countJobs(db, 'processing')).toBe(0);
    expect((await claimNextJob(db, T1))?.id).toBe(first.id);

    // A failed job is no duplicate; the earliest other one is.
    expect(await duplicateJob(db, a, 'c'.repeat(64))).toBeUndefined();
    await job(db, a, 'a'.repeat(64), 'done');
    expect((await duplicateJob(db, a, 'a'.repeat(64)))?.id).toBe(first.id);
    expect(await countJobsOf(db, a)).toBe(4);
    expect((await jobsOf(db, a, 2, 1)).map((j) => j.id)).toEqual([failed.id, second.id]);

    await insertCallback(db, failed.id, 'https://example.com/hook', T0, 0);
    expect(await blobInUse(db, 'c'.repeat(64))).toBe(true);
    await deleteJob(db, failed.id);
    expect(await jobById(db, failed.id)).toBeUndefined();
    expect(await blobInUse(db, 'c'.repeat(64))).toBe(false);
  });

  it('jobs corrected after a cursor: oldest change first, ties broken by id', async () => {
    const db = await dbs.open();
    const a = (await insertAccount(db, 'sync@example.com', T0)).id;
    const ids: number[] = [];
    for (const sha of ['d', 'e', 'f', 'g']) ids.push((await job(db, a, sha.repeat(64), 'done')).id);
    const [j1, j2, j3, j4] = ids as [number, number, number, number];
    await updateJob(db, j1, { editedAt: T1 });
    await updateJob(db, j2, { editedAt: T0 });
    await updateJob(db, j3, { editedAt: T1 });
    const after = async (cursor: { editedAt: string; id: number } | null, limit = 10) =>
      (await jobsEditedAfter(db, a, cursor, limit)).map((j) => j.id);
    expect(await after(null)).toEqual([j2, j1, j3]);
    expect(await after(null, 2)).toEqual([j2, j1]);
    expect(await after({ editedAt: T1, id: j1 })).toEqual([j3]);
    expect(await after({ editedAt: T1, id: j3 })).toEqual([]);
    expect(ids).toContain(j4);
  });
});
