// What a submission is charged, over real HTTP against a service whose accounts start without free
// API pages: a file is charged once, even after its job was deleted (decisions §8), and a payment
// QR code is never charged nor refused for balance, on the API or the web allowance (decisions §7).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusDir,
  corpusFile,
  form,
  haveCorpus,
  junkPng,
  SAMPLE_SCAN,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
  waitForJob,
} from '../test-support/server.js';
import { sqlRow, sqlRows } from '../test-support/sql.js';

const SWISS = 'qr/swiss/smartive-swiss-qr-bill-decoder/images';
const QR_BILLS = [
  `${SWISS}/six_examples/02.png`,
  'qr/epc/timueh-py-epc-qr/qr_version_001.png',
  `${SWISS}/double.pdf`,
];
const qrBill = (rel: string) => corpusFile(path.join(corpusDir, rel));
/** One scanned page at the first price step (0.07 EUR). */
const ONE_PAGE_MINOR = 7;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ FREE_API_PAGES: '0' });
});
afterAll(() => s.stop());

const submit = (key: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  call(s.url, '/v1/parse', { key, body: form(bytes, fields) });
const upload = (who: TestSession, bytes: Uint8Array) =>
  call(s.url, '/api/v1/parse/upload', { session: who, body: form(bytes) });
const remove = (who: TestSession, id: number) =>
  call(s.url, `/api/v1/parse/${id}`, { session: who, method: 'DELETE' });
const ended = (who: TestSession, id: number) =>
  waitFor(async () => {
    const r = await call(s.url, `/api/v1/parse/${id}`, { session: who });
    return r.body.status === 'done' || r.body.status === 'failed' ? r.body : undefined;
  }, `job ${id} to end`);
const debits = async (accountId: number) =>
  (await sqlRow(s.db, "select count(*) as n from ledger where account_id = ? and kind = 'debit'", accountId))
    ?.n;
const parsesLeft = async (who: TestSession) =>
  (await call(s.url, '/api/v1/me', { session: who })).body.free_parses_left;

describe.skipIf(!haveCorpus)('a file charged once (decisions §8)', () => {
  it('is read again after its job was deleted, without a second debit', async () => {
    const email = 'deleted-scan@example.com';
    const { key, accountId } = await s.account(email, { balanceMinor: ONE_PAGE_MINOR });
    const web = await s.session(email);
    const first = await submit(key, corpusFile(SAMPLE_SCAN));
    expect(first.body).toMatchObject({ charged: true, duplicate: false, pages_reserved: 1 });
    expect(await waitForJob(s.url, key, first.body.job_id)).toMatchObject({ status: 'done', charged: true });
    expect((await remove(web, first.body.job_id)).body).toEqual({ ok: true, deleted: first.body.job_id });
    // The balance is spent: a charge would be refused. The file is read again, for free.
    const again = await submit(key, corpusFile(SAMPLE_SCAN));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ charged: false, duplicate: false, pages_reserved: 0 });
    expect(again.body.job_id).not.toBe(first.body.job_id);
    expect(await waitForJob(s.url, key, again.body.job_id)).toMatchObject({
      status: 'done',
      mode: 'ocr',
      pages_scanned: 1,
      charged: false,
    });
    expect((await call(s.url, '/v1/usage', { key })).body).toMatchObject({
      sheets_used: 1,
      pages_reserved: 0,
      balance_minor: 0,
    });
    // The journal a person sees: the one charge, of the deleted job.
    const journal = await call(s.url, '/api/v1/api/usage', { session: web });
    expect(journal.body.items.map((i: { job_id: number }) => i.job_id)).toEqual([first.body.job_id]);
    expect(await debits(accountId)).toBe(1);
  });

  it('is charged again when its earlier read failed: that reservation was given back', async () => {
    const email = 'deleted-failure@example.com';
    const { key, accountId } = await s.account(email, { balanceMinor: ONE_PAGE_MINOR });
    const web = await s.session(email);
    const junk = junkPng(1);
    const first = await submit(key, junk);
    expect(first.body).toMatchObject({ charged: true, pages_reserved: 1 });
    expect((await waitForJob(s.url, key, first.body.job_id)).status).toBe('failed');
    await remove(web, first.body.job_id);
    const again = await submit(key, junk);
    expect(again.body).toMatchObject({ charged: true, duplicate: false, pages_reserved: 1 });
    expect((await waitForJob(s.url, key, again.body.job_id)).status).toBe('failed');
    expect(await debits(accountId)).toBe(0);
  });

  it('counts once against the web allowance, and is not charged to the API after', async () => {
    const email = 'deleted-upload@example.com';
    const { key } = await s.account(email);
    const web = await s.session(email);
    const first = await upload(web, corpusFile(SAMPLE_SCAN));
    expect(first.status).toBe(200);
    expect((await ended(web, first.body.job_id)).status).toBe('done');
    expect(await parsesLeft(web)).toBe(0);
    await remove(web, first.body.job_id);
    // The one free parse is used: another scan would need a plan, this one is read again.
    const again = await upload(web, corpusFile(SAMPLE_SCAN));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: false });
    expect(await ended(web, again.body.job_id)).toMatchObject({ status: 'done', mode: 'ocr' });
    expect(await parsesLeft(web)).toBe(0);
    // Had that read failed, reading it again would not count it either.
    await sqlRows(s.db, "update jobs set status = 'failed' where id = ?", again.body.job_id);
    const reparse = await call(s.url, `/api/v1/parse/${again.body.job_id}/reparse`, {
      session: web,
      method: 'POST',
    });
    expect(reparse.status).toBe(200);
    expect((await ended(web, again.body.job_id)).status).toBe('done');
    expect((await call(s.url, '/api/v1/me', { session: web })).body.free_parses_used).toBe(1);
    await remove(web, again.body.job_id);
    // Nor is it charged to the API's pages (there are none, and no balance): the same bytes.
    const api = await submit(key, corpusFile(SAMPLE_SCAN));
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ charged: false, pages_reserved: 0 });
    expect(await waitForJob(s.url, key, api.body.job_id)).toMatchObject({ status: 'done', charged: false });
    expect((await call(s.url, '/v1/usage', { key })).body).toMatchObject({ sheets_used: 0 });
  });
});

describe.skipIf(!haveCorpus)('a payment QR code (decisions §7)', () => {
  it.each(QR_BILLS)('%s is neither refused for balance nor announced as charged', async (rel) => {
    const { key } = await s.account(`empty-${path.basename(rel)}@example.com`);
    const sub = await submit(key, qrBill(rel), { country: 'ch' });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ charged: false, pages_reserved: 0 });
    expect(await waitForJob(s.url, key, sub.body.job_id)).toMatchObject({
      status: 'done',
      mode: 'qr',
      pages_scanned: 0,
      charged: false,
    });
    // A scan still needs pages the account does not have.
    const scan = await submit(key, corpusFile(SAMPLE_SCAN));
    expect([scan.status, scan.body]).toEqual([402, { detail: 'insufficient_balance' }]);
  });

  it('costs nothing to an account that could pay: its page is held at once and given back', async () => {
    // No search delays an upload the account covers; the read finds the code and scans nothing.
    const { key } = await s.account('paying-qr@example.com', { balanceMinor: 800 });
    const sub = await submit(key, qrBill(QR_BILLS[0]!), { country: 'ch' });
    expect(sub.body).toMatchObject({ charged: true, pages_reserved: 1 });
    expect(await waitForJob(s.url, key, sub.body.job_id)).toMatchObject({ mode: 'qr', charged: false });
    expect((await call(s.url, '/v1/usage', { key })).body).toMatchObject({
      pages_reserved: 0,
      balance_minor: 800,
    });
  });

  it('needs no web parse: uploaded with the allowance used up', async () => {
    const web = await s.session('web-qr@example.com');
    await sqlRows(
      s.db,
      'update accounts set web_free_parses_used = web_free_parses_total where id = ?',
      web.accountId,
    );
    expect([(await upload(web, junkPng(2))).status]).toEqual([402]);
    for (const rel of QR_BILLS) {
      const up = await upload(web, qrBill(rel));
      expect(up.status, rel).toBe(200);
      expect(await ended(web, up.body.job_id), rel).toMatchObject({ status: 'done', mode: 'qr' });
    }
    expect(await parsesLeft(web)).toBe(0);
    expect((await call(s.url, '/api/v1/me', { session: web })).body.free_parses_used).toBe(1);
  });
});
