// The async repositories on both engines, against real databases (SQLite in memory, PostgreSQL 15
// started for the file): rate limits, export settings, callbacks, device codes, sessions, sign-in
// links and PINs, API keys, leads and reviews, and the usage journal. Each answer that says "done
// once" (a consumed link, a revoked key, a confirmed code) is checked by asking twice.
import { describe, expect, it } from 'vitest';
import {
  apiKeyByHash,
  apiKeyById,
  apiKeysOf,
  callbackOfJob,
  claimPinTry,
  confirmDeviceCode,
  consumeDeviceCode,
  consumeSignInLink,
  countLeads,
  countSignInLinks,
  type DbHandle,
  deleteEndedSessions,
  deleteExpiredDeviceCodes,
  deleteExpiredSignInLinks,
  deviceCodeByHash,
  deviceCodeByUserCode,
  dueCallbacks,
  endPinStep,
  exportSettingsOf,
  fileChargedBefore,
  hitRateLimit,
  insertApiKey,
  insertCallback,
  insertDeviceCode,
  insertReview,
  insertSession,
  insertSignInLink,
  insertUsage,
  pagesUsedSince,
  pagesUsedTotal,
  pinHashOf,
  pruneRateLimits,
  publishedReview,
  publishedReviews,
  revokeAllSessions,
  revokeApiKey,
  revokeSession,
  saveExportSettings,
  sessionByHash,
  setPinHash,
  signInLinkByHash,
  touchApiKey,
  touchSession,
  updateCallback,
  upsertLead,
  usageOf,
} from './index.js';
import { addAccount, databases, ENGINES } from './test-support/engines.js';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T11:00:00.000Z';
const T2 = '2026-03-01T12:00:00.000Z';

/** A job row for the tables that name one. */
async function addJob(db: DbHandle, accountId: number, sha256 = 'a'.repeat(64)): Promise<number> {
  const { orm, t } = db;
  const [job] = await orm
    .insert(t.jobs)
    .values({ accountId, source: 'api', status: 'done', country: 'DE', size: 1, sha256, createdAt: T0 })
    .returning({ id: t.jobs.id });
  return job!.id;
}

describe.each(ENGINES)('the async repositories on %s', (engine) => {
  const dbs = databases(engine);

  it('rate limits: counts per bucket and window, parallel hits each counted, old windows pruned', async () => {
    const db = await dbs.open();
    expect(await hitRateLimit(db, 'ip:1', 100)).toBe(1);
    const counts = await Promise.all(Array.from({ length: 9 }, () => hitRateLimit(db, 'ip:1', 100)));
    expect(counts.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await hitRateLimit(db, 'ip:2', 100)).toBe(1);
    expect(await hitRateLimit(db, 'ip:1', 101)).toBe(1);
    expect(await pruneRateLimits(db, 101)).toBe(2);
    expect(await hitRateLimit(db, 'ip:1', 101)).toBe(2);
  });

  it('export settings: none until saved, then replaced whole per account', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const b = await addAccount(db, 'b@example.com');
    expect(await exportSettingsOf(db, a.id)).toBeUndefined();
    const settings = {
      consultantNo: '1001',
      clientNo: '7',
      account: '4400',
      contraAccount: '70000',
      buKey: '9',
      fiscalYearStart: 4,
    };
    await saveExportSettings(db, a.id, settings, T0);
    await saveExportSettings(db, a.id, { ...settings, clientNo: '8' }, T1);
    expect(await exportSettingsOf(db, a.id)).toEqual({ ...settings, clientNo: '8' });
    expect(await exportSettingsOf(db, b.id)).toBeUndefined();
  });

  it('callbacks: one per job, due in order of their next try, updated', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const first = await addJob(db, a.id);
    const second = await addJob(db, a.id, 'b'.repeat(64));
    await insertCallback(db, second, 'https://client.example/b', T0, 2000);
    await insertCallback(db, first, 'https://client.example/a', T0, 1000);
    // A second one for the same job is ignored.
    await insertCallback(db, first, 'https://client.example/other', T1, 500);
    expect((await dueCallbacks(db, 1500, 10)).map((c) => c.url)).toEqual(['https://client.example/a']);
    expect((await dueCallbacks(db, 5000, 10)).map((c) => c.jobId)).toEqual([first, second]);
    const row = (await callbackOfJob(db, first))!;
    await updateCallback(db, row.id, { status: 'delivered', attempts: 1, deliveredAt: T1 });
    expect(await callbackOfJob(db, first)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      deliveredAt: T1,
    });
    expect((await dueCallbacks(db, 5000, 10)).map((c) => c.jobId)).toEqual([second]);
    expect(await callbackOfJob(db, 999)).toBeUndefined();
  });

  it('device codes: confirmed once while live, consumed once, removed when expired', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const code = await insertDeviceCode(db, {
      deviceHash: 'd1',
      userCode: 'ABCD-EFGH',
      client: 'desktop',
      createdAt: T0,
      expiresAt: T2,
    });
    expect(await deviceCodeByHash(db, 'd1')).toEqual(code);
    expect(await consumeDeviceCode(db, code.id, T1)).toBe(false); // not confirmed yet
    const confirms = await Promise.all([
      confirmDeviceCode(db, 'ABCD-EFGH', a.id, T1),
      confirmDeviceCode(db, 'ABCD-EFGH', a.id, T1),
    ]);
    expect(confirms.sort()).toEqual([false, true]);
    expect(await deviceCodeByUserCode(db, 'ABCD-EFGH')).toMatchObject({ accountId: a.id, confirmedAt: T1 });
    const consumes = await Promise.all([
      consumeDeviceCode(db, code.id, T1),
      consumeDeviceCode(db, code.id, T1),
    ]);
    expect(consumes.sort()).toEqual([false, true]);
    await insertDeviceCode(db, {
      deviceHash: 'd2',
      userCode: 'WXYZ-0000',
      client: 'desktop',
      createdAt: T0,
      expiresAt: T0,
    });
    expect(await confirmDeviceCode(db, 'WXYZ-0000', a.id, T1)).toBe(false); // expired
    expect(await deleteExpiredDeviceCodes(db, T1)).toBe(1);
    expect(await deviceCodeByHash(db, 'd2')).toBeUndefined();
  });

  it('sessions: found by hash, slid, revoked once, all of an account ended, ended ones deleted', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const s1 = await insertSession(db, {
      accountId: a.id,
      hash: 'h1',
      createdAt: T0,
      expiresAt: T1,
      userAgent: 'x'.repeat(300),
    });
    expect(s1.userAgent).toHaveLength(200);
    expect(s1.lastSeenAt).toBe(T0);
    await touchSession(db, s1.id, T1, T2);
    expect(await sessionByHash(db, 'h1')).toMatchObject({ lastSeenAt: T1, expiresAt: T2, revokedAt: null });
    expect(await revokeSession(db, s1.id, T1)).toBe(true);
    expect(await revokeSession(db, s1.id, T2)).toBe(false);
    await insertSession(db, { accountId: a.id, hash: 'h2', createdAt: T0, expiresAt: T2 });
    await insertSession(db, { accountId: a.id, hash: 'h3', createdAt: T0, expiresAt: T2 });
    expect(await revokeAllSessions(db, a.id, T1)).toBe(2);
    expect(await deleteEndedSessions(db, T2)).toBe(3);
    expect(await sessionByHash(db, 'h2')).toBeUndefined();
  });

  it('sign-in links and PINs: consumed once, PIN tries capped under parallel guesses, counted, expired ones deleted', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const link = await insertSignInLink(db, {
      hash: 'l1',
      email: 'a@example.com',
      lang: 'de',
      createdAt: T0,
      expiresAt: T2,
    });
    expect(await signInLinkByHash(db, 'l1')).toEqual(link);
    const consumed = await Promise.all([
      consumeSignInLink(db, link.id, T1, T2),
      consumeSignInLink(db, link.id, T1, T2),
    ]);
    expect(consumed.sort()).toEqual([false, true]);
    const tries = await Promise.all(Array.from({ length: 8 }, () => claimPinTry(db, link.id, 5, T1)));
    expect(tries.filter((n) => n !== undefined).sort()).toEqual([1, 2, 3, 4, 5]);
    await endPinStep(db, link.id);
    expect((await signInLinkByHash(db, 'l1'))?.pinUntil).toBeNull();
    await insertSignInLink(db, {
      hash: 'l2',
      email: 'a@example.com',
      lang: 'de',
      createdAt: T1,
      expiresAt: T1,
    });
    expect(await countSignInLinks(db, 'a@example.com', '2026-01-01')).toBe(2);
    expect(await countSignInLinks(db, 'a@example.com', T0)).toBe(1);
    expect(await deleteExpiredSignInLinks(db, T2)).toBe(1);
    expect(await pinHashOf(db, a.id)).toBeUndefined();
    await setPinHash(db, a.id, 'p1', T0);
    await setPinHash(db, a.id, 'p2', T1);
    expect(await pinHashOf(db, a.id)).toBe('p2');
    await setPinHash(db, a.id, null, T2);
    expect(await pinHashOf(db, a.id)).toBeUndefined();
  });

  it('API keys: found by hash and id, listed in order, revoked once, touched', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const k1 = await insertApiKey(db, {
      accountId: a.id,
      prefix: 'ir_live_AbCd',
      hash: 'k1',
      label: 'one',
      createdAt: T0,
    });
    const k2 = await insertApiKey(db, {
      accountId: a.id,
      prefix: 'ir_live_EfGh',
      hash: 'k2',
      label: 'two',
      createdAt: T0,
    });
    expect(await apiKeyByHash(db, 'k1')).toEqual(k1);
    expect(await apiKeyById(db, k2.id)).toEqual(k2);
    expect((await apiKeysOf(db, a.id)).map((k) => k.label)).toEqual(['one', 'two']);
    const revoked = await Promise.all([
      revokeApiKey(db, k1.id, 'rotated', T1),
      revokeApiKey(db, k1.id, 'revoked', T1),
    ]);
    expect(revoked.sort()).toEqual([false, true]);
    await touchApiKey(db, k2.id, T2);
    expect(await apiKeyById(db, k2.id)).toMatchObject({ lastUsedAt: T2, revokedAt: null });
    expect(await apiKeyByHash(db, 'nope')).toBeUndefined();
  });

  it('leads and reviews: a lead added to, never blanked; only published reviews shown, newest first', async () => {
    const db = await dbs.open();
    await upsertLead(db, { email: 'l@example.com', company: 'Acme', pagesPerMonth: 500, comment: null }, T0);
    await upsertLead(db, { email: 'l@example.com', company: null, pagesPerMonth: 900, comment: 'later' }, T1);
    await upsertLead(db, { email: 'm@example.com' }, T1);
    expect(await countLeads(db)).toBe(2);
    const { orm, t } = db;
    expect(await orm.select().from(t.leads).orderBy(t.leads.id)).toMatchObject([
      {
        email: 'l@example.com',
        company: 'Acme',
        pagesPerMonth: 900,
        comment: 'later',
        createdAt: T0,
        updatedAt: T1,
      },
      { email: 'm@example.com', company: null },
    ]);
    const good = await insertReview(db, {
      name: 'A',
      stars: 5,
      text: 'fine',
      published: true,
      createdAt: T0,
    });
    const held = await insertReview(db, { name: 'B', stars: 2, text: 'no', published: false, createdAt: T0 });
    const later = await insertReview(db, { name: 'C', stars: 4, published: true, createdAt: T1 });
    expect(good.published).toBe(true);
    expect((await publishedReviews(db)).map((r) => r.id)).toEqual([later.id, good.id]);
    expect(await publishedReview(db, held.id)).toBeUndefined();
    expect(await publishedReview(db, good.id)).toEqual(good);
  });

  it("usage: the API's journal and pages apart from the web's rows, a file charged once known", async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const row = { accountId: a.id, apiKeyId: null, freePages: 0, amountMinor: 0 };
    await insertUsage(db, { ...row, jobId: 1, sha256: 'f1', pages: 2, createdAt: T0 });
    await insertUsage(db, { ...row, jobId: 2, sha256: 'f2', pages: 3, amountMinor: 45, createdAt: T1 });
    await insertUsage(db, { ...row, jobId: 3, sha256: 'f3', pages: 1, allowance: 'web', createdAt: T1 });
    expect((await usageOf(db, a.id, 10)).map((u) => u.jobId)).toEqual([2, 1]);
    expect((await usageOf(db, a.id, 1)).map((u) => u.jobId)).toEqual([2]);
    expect(await pagesUsedTotal(db, a.id)).toBe(5);
    expect(await pagesUsedSince(db, a.id, T1)).toBe(3);
    expect(await pagesUsedSince(db, a.id + 1, T0)).toBe(0);
    expect(await fileChargedBefore(db, a.id, 'f3')).toBe(true);
    expect(await fileChargedBefore(db, a.id, 'f4')).toBe(false);
  });
});
