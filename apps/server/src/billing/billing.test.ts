// Billing edge cases with real SQLite: exactly enough balance, 50 concurrent submissions racing
// for the last pages, and the books balancing after a randomised sequence of moves.
import {
  accountById,
  type Db,
  insertJob,
  inTransaction,
  jobById,
  ledgerOf,
  ledgerTotals,
  updateJob,
} from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/accounts.js';
import { call, form, junkPng, startTestServer, type TestServer } from '../test-support/server.js';
import { sqlRow } from '../test-support/sql.js';
import { InsufficientBalance, reservePages, settleJob, topUp } from './billing.js';

let s: TestServer;
beforeAll(async () => {
  // No free pages: every scanned page is paid for from the balance.
  s = await startTestServer({ FREE_API_PAGES: '0', RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => s.stop());

async function expectBooksBalance(db: Db, accountId: number): Promise<void> {
  const a = await accountById(db, accountId);
  const t = await ledgerTotals(db, accountId);
  expect({
    balanceMinor: a?.balanceMinor,
    heldMinor: a?.heldMinor,
    freePages: a?.freePages,
    heldFreePages: a?.heldFreePages,
  }).toEqual(t);
  for (const v of Object.values(t)) expect(v).toBeGreaterThanOrEqual(0);
  // What is held is exactly what the unfinished jobs reserved.
  const held = (await sqlRow(
    db,
    "select coalesce(sum(reserved_minor), 0) as minor from jobs where account_id = ? and status in ('queued', 'processing')",
    accountId,
  )) as { minor: number };
  expect(a?.heldMinor).toBe(held.minor);
}

describe('billing over HTTP', () => {
  it('accepts a scan with exactly enough balance and refuses the next', async () => {
    const { key, accountId } = await s.account('exact@example.com', { balanceMinor: 9 });
    expect((await accountById(s.db, accountId))?.balanceMinor).toBe(9);
    // Jobs stay queued (the runner is stopped): the first job's page is still held when the second
    // file is refused, however long its search for a payment code takes (a failed read of the
    // first would give its page back).
    await s.runner?.stop(0);
    const ok = await call(s.url, '/v1/parse', { key, body: form(junkPng(1)) });
    expect(ok.status).toBe(200);
    expect((await accountById(s.db, accountId))?.balanceMinor).toBe(2);
    const refused = await call(s.url, '/v1/parse', { key, body: form(junkPng(2)) });
    expect(refused).toMatchObject({ status: 402, body: { detail: 'insufficient_balance' } });
    await expectBooksBalance(s.db, accountId);
  });

  it('never overdraws when 50 concurrent submissions race for the last 10 pages', async () => {
    const { key, accountId } = await s.account('race@example.com', { balanceMinor: 72 });
    expect((await accountById(s.db, accountId))?.balanceMinor).toBe(72); // ten pages and 2 cents
    // Jobs stay queued (the runner is stopped), so no page comes back while the race is on.
    await s.runner?.stop(0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(s.url, '/v1/parse', { key, body: form(junkPng(100 + i)) })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(40);
    expect((await accountById(s.db, accountId))?.balanceMinor).toBe(2);
    expect((await accountById(s.db, accountId))?.heldMinor).toBe(70);
    await expectBooksBalance(s.db, accountId);
  });

  it('makes one job, charged once, of the same file sent ten times at once', async () => {
    const { key, accountId } = await s.account('same-file@example.com', { balanceMinor: 72 });
    await s.runner?.stop(0);
    const bytes = junkPng(500);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(s.url, '/v1/parse', { key, body: form(bytes) })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Each checks for the file again inside its transaction: one makes the job, nine find it.
    expect(new Set(answers.map((r) => r.body.job_id)).size).toBe(1);
    expect(answers.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect((await accountById(s.db, accountId))?.heldMinor).toBe(7);
    await expectBooksBalance(s.db, accountId);
  });
});

describe('the ledger', () => {
  it('balances after a randomised sequence of top-ups, reservations, debits and releases', async () => {
    const account = await createAccount(s.db, 'random@example.com', 5);
    let seed = 12345;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed >>> 16) % n;
    };
    const open: number[] = [];
    let refused = 0;
    for (let step = 0; step < 400; step++) {
      const move = rnd(10);
      if (move === 0) await topUp(s.db, account.id, 100 + rnd(800), new Date());
      else if (move <= 4 || open.length === 0) {
        const pages = 1 + rnd(40);
        const job = await insertJob(s.db, {
          accountId: account.id,
          source: 'api',
          status: 'processing',
          country: 'DE',
          size: 1,
          sha256: `r${step}`,
          reservedPages: pages,
          createdAt: new Date().toISOString(),
        });
        try {
          await inTransaction(s.db, async (tx) => {
            const held = await reservePages(tx, account, job.id, pages, new Date());
            await updateJob(tx, job.id, { reservedFreePages: held.freePages, reservedMinor: held.minor });
          });
          open.push(job.id);
        } catch (err) {
          expect(err).toBeInstanceOf(InsufficientBalance);
          await updateJob(s.db, job.id, { status: 'failed' });
          refused++;
        }
      } else {
        const id = open.splice(rnd(open.length), 1)[0] as number;
        const job = await jobById(s.db, id);
        if (!job) throw new Error('lost job');
        const done = move <= 7;
        await inTransaction(s.db, async (tx) => {
          await settleJob(tx, job, done, rnd(job.reservedPages + 3), new Date());
          await updateJob(tx, id, { status: done ? 'done' : 'failed' });
        });
      }
      await expectBooksBalance(s.db, account.id);
    }
    expect(refused).toBeGreaterThan(0);
    expect(new Set((await ledgerOf(s.db, account.id)).map((e) => e.kind))).toEqual(
      new Set(['grant', 'topup', 'reserve', 'debit', 'release']),
    );
  });
});
