import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { jobById } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusDir,
  corpusFile,
  form,
  haveCorpus,
  junkPng,
  SAMPLE_SCAN,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
  waitForJob,
} from '../test-support/server.js';
import { sqlRow, sqlRows } from '../test-support/sql.js';
import { webAllowance } from './allowance.js';

const ONE_PAGE_SCAN_PDF = 'scans/ferd-zugferd-2.1.1/zugferd_2p1_MINIMUM_Buchungshilfe.scan.pdf';

let s: TestServer;
let anna: TestSession;
let bob: TestSession;

beforeAll(async () => {
  s = await startTestServer();
  anna = await s.session('anna@example.com');
  bob = await s.session('bob@example.com');
});
afterAll(() => s.stop());

const upload = (who: TestSession, bytes: Uint8Array, fields: Record<string, string> = {}, name = 'invoice') =>
  call(s.url, '/api/v1/parse/upload', { session: who, body: form(bytes, fields, name) });
const job = (who: TestSession, id: number) => call(s.url, `/api/v1/parse/${id}`, { session: who });
const ended = (who: TestSession, id: number) =>
  waitFor(async () => {
    const r = await job(who, id);
    return r.body.status === 'done' || r.body.status === 'failed' ? r.body : undefined;
  }, `job ${id} to end`);
const patch = (who: TestSession, id: number, json: unknown) =>
  call(s.url, `/api/v1/parse/${id}/fields`, { session: who, method: 'PATCH', json });

describe.skipIf(!haveCorpus)('web parsing', () => {
  let xmlJob: number;

  it('uploads an e-invoice, reads it, lists and shows it to its owner only', async () => {
    const up = await upload(anna, corpusFile(SAMPLE_XML), {}, 'factur-x.xml');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ ok: true, source: 'upload', filename: 'factur-x.xml', duplicate: false });
    xmlJob = up.body.job_id;
    const done = await ended(anna, xmlJob);
    expect(done).toMatchObject({ status: 'done', mode: 'xml', fields: { invoice_no: 'F20260023' } });
    const list = await call(s.url, '/api/v1/parse?limit=10', { session: anna });
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      job_id: xmlJob,
      seller: 'LE FOURNISSEUR',
      invoice_no: 'F20260023',
      gross_amount: '104.90',
      currency: 'EUR',
    });
    expect((await job(bob, xmlJob)).body).toEqual({ detail: 'job_not_found' });
    expect((await call(s.url, '/api/v1/parse', { session: bob })).body).toEqual({
      ok: true,
      total: 0,
      items: [],
    });
    // Uploading the same bytes again answers the same job.
    const again = await upload(anna, corpusFile(SAMPLE_XML));
    expect(again.body).toMatchObject({ job_id: xmlJob, duplicate: true });
  });

  it('validates parameters and the form', async () => {
    for (const q of ['limit=0', 'limit=501', 'offset=-1', 'limit=x'])
      expect((await call(s.url, `/api/v1/parse?${q}`, { session: anna })).status, q).toBe(422);
    const noFile = await call(s.url, '/api/v1/parse/upload', { session: anna, body: new FormData() });
    expect(noFile.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'file'] });
    const badSource = await upload(anna, corpusFile(SAMPLE_XML), { source: 'fax' });
    expect(badSource.body.detail[0].loc).toEqual(['body', 'source']);
    expect((await upload(anna, corpusFile(SAMPLE_XML), { country: 'XX' })).body).toEqual({
      detail: 'unsupported_country',
    });
    expect((await call(s.url, '/api/v1/parse/abc', { session: anna })).status).toBe(422);
  });

  it('takes a correction: validated by kind, confirmed, document and checks follow', async () => {
    const bad = await patch(anna, xmlJob, {
      seller_iban: 'DE00 1234',
      invoice_date: '2026-02-30',
      gross_amount: '12,50',
      currency: 'EURO',
      seller_bic: 'NOTABIC!',
      seller_vat_id: 'FR00123456789',
      vendor_name: 'x',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(
      [
        'currency',
        'gross_amount',
        'invoice_date',
        'seller_bic',
        'seller_iban',
        'seller_vat_id',
        'vendor_name',
      ].sort(),
    );
    expect(bad.body.detail.find((d: { loc: string[] }) => d.loc[1] === 'seller_vat_id').ctx.kind).toBe(
      'vat_id',
    );
    // Nothing changed.
    expect((await job(anna, xmlJob)).body.fields.gross_amount).toBe('104.90');
    expect((await patch(anna, xmlJob, {})).status).toBe(422);
    expect((await patch(anna, xmlJob, { gross_amount: 5 })).status).toBe(422);
    expect((await patch(bob, xmlJob, { buyer_name: 'X' })).status).toBe(404);

    const ok = await patch(anna, xmlJob, {
      gross_amount: '110.00',
      seller_iban: 'de89 3704 0044 0532 0130 00',
    });
    expect(ok.status).toBe(200);
    const detail = (key: string) => ok.body.fields_detailed.find((d: { key: string }) => d.key === key);
    expect(detail('gross_amount')).toMatchObject({
      value: '110.00',
      edited: true,
      source: 'user',
      status: 'confirmed',
    });
    expect(detail('seller_iban')).toMatchObject({
      value: 'DE89370400440532013000',
      edited: true,
      status: 'confirmed',
    });
    expect(ok.body.fields).toMatchObject({ gross_amount: '110.00', seller_iban: 'DE89370400440532013000' });
    expect(ok.body.document.totals.gross).toBe('110.00');
    expect(ok.body.document.payment.accounts[0].iban).toBe('DE89370400440532013000');
    // 100.00 + 4.90 is not 110.00: the sums check now fails, and flags the totals not edited.
    expect(JSON.stringify(ok.body.checks)).toContain('sum_mismatch');
    expect(detail('net_amount').flags).toContain('sum_mismatch');
    expect(ok.body.edited_at).not.toBeNull();
    // A later edit keeps the earlier ones.
    const later = await patch(anna, xmlJob, { buyer_name: 'Le Client SARL' });
    expect(later.body.fields).toMatchObject({ buyer_name: 'Le Client SARL', gross_amount: '110.00' });
    // Correcting the flagged net amount so the sums add up again: confirmed, document and checks follow.
    const fixed = await patch(anna, xmlJob, { net_amount: '105.10' });
    const net = fixed.body.fields_detailed.find((d: { key: string }) => d.key === 'net_amount');
    expect(net).toMatchObject({
      value: '105.10',
      edited: true,
      source: 'user',
      status: 'confirmed',
      flags: [],
    });
    expect(fixed.body.document.totals.net).toBe('105.10');
    expect(fixed.body.checks.find((c: { id: string }) => c.id === 'sum.gross')).toMatchObject({
      outcome: 'pass',
    });
    // A key of another field set is refused.
    expect((await patch(anna, xmlJob, { seller_inn: '7707083893' })).body.detail[0].ctx.kind).toBe(
      'unknown_field',
    );
  });

  it('holds the one free scanned parse: the second scan needs a plan, a failed one gives it back', async () => {
    const carl = await s.session('carl@example.com');
    const first = await upload(carl, junkPng(1), {}, 'scan.png');
    expect(first.status).toBe(200);
    expect((await call(s.url, '/api/v1/me', { session: carl })).body.free_parses_left).toBe(0);
    expect(await webAllowance(s.db, carl.accountId)).toEqual({ total: 1, used: 1, left: 0 });
    // Not read (yet, or ever): nothing to correct.
    expect((await patch(carl, first.body.job_id, { buyer_name: 'X' })).body).toEqual({
      detail: 'job_not_done',
    });
    const second = await upload(carl, junkPng(2), {}, 'scan2.png');
    expect([second.status, second.body]).toEqual([402, { detail: 'plan_required' }]);
    // E-invoices are free and never refused.
    expect((await upload(carl, corpusFile(SAMPLE_XML))).status).toBe(200);
    // The junk "scan" fails to read: its parse goes back.
    expect((await ended(carl, first.body.job_id)).status).toBe('failed');
    expect((await call(s.url, '/api/v1/me', { session: carl })).body.free_parses_left).toBe(1);
    expect((await upload(carl, junkPng(3), {}, 'scan3.png')).status).toBe(200);
    // The API's free pages were never touched.
    expect((await call(s.url, '/api/v1/api/balance', { session: carl })).body.free_pages_left).toBe(5);
  });

  it('reads again with another country: the field set follows', async () => {
    const dir = path.join(corpusDir, 'textpdf/invoice2data');
    const pdf = readdirSync(dir).find((f) => f.endsWith('.pdf'))!;
    const up = await upload(bob, corpusFile(path.join(dir, pdf)), { country: 'de' }, pdf);
    const de = await ended(bob, up.body.job_id);
    expect(Object.keys(de.fields)).toContain('seller_iban');
    // Corrections before the new read: one key both field sets have, one only Set A has.
    const fixed = await patch(bob, up.body.job_id, {
      due_date: '2014-09-02',
      seller_name: 'Amazon Web Services',
    });
    expect(fixed.status).toBe(200);
    const again = await call(s.url, `/api/v1/parse/${up.body.job_id}/reparse?country=us`, {
      session: bob,
      method: 'POST',
    });
    expect(again.body.country).toBe('US');
    expect(['queued', 'processing']).toContain(again.body.status);
    const us = await ended(bob, up.body.job_id);
    expect(Object.keys(us.fields)).toContain('vendor_name');
    expect(Object.keys(us.fields)).not.toContain('seller_iban');
    // The correction whose key Set B still has is kept (document and all); the other is gone.
    expect(us.fields_detailed.find((d: { key: string }) => d.key === 'due_date')).toMatchObject({
      value: '2014-09-02',
      edited: true,
      source: 'user',
      status: 'confirmed',
    });
    expect(us.document.due_date).toBe('2014-09-02');
    expect(
      us.fields_detailed.some((d: { key: string; edited: boolean }) => d.edited && d.key !== 'due_date'),
    ).toBe(false);
    expect(us.edited_at).toBe(fixed.body.edited_at);
    expect(
      (
        await call(s.url, `/api/v1/parse/${up.body.job_id}/reparse?country=zz`, {
          session: bob,
          method: 'POST',
        })
      ).body,
    ).toEqual({ detail: 'unsupported_country' });
  });

  it('deletes the file and the result, keeps the ledger', async () => {
    const dana = await s.session('dana@example.com');
    const up = await upload(dana, corpusFile(SAMPLE_XML));
    const id = up.body.job_id;
    await ended(dana, id);
    // Another account holds the same bytes: the blob stays for it.
    const blobs = () => readdirSync(path.join(s.dataDir, 'blobs'), { recursive: true }).length;
    const before = blobs();
    expect((await call(s.url, `/api/v1/parse/${id}`, { session: bob, method: 'DELETE' })).status).toBe(404);
    expect((await call(s.url, `/api/v1/parse/${id}`, { session: dana, method: 'DELETE' })).body).toEqual({
      ok: true,
      deleted: id,
    });
    expect((await job(dana, id)).status).toBe(404);
    expect(blobs()).toBe(before);
    // A file only this account had is gone from disk.
    const own = await upload(dana, junkPng(99), {}, 'mine.png');
    await ended(dana, own.body.job_id);
    const sha = (await jobById(s.db, own.body.job_id))!;
    const file = path.join(s.dataDir, 'blobs', sha.sha256.slice(0, 2), sha.sha256.slice(2, 4), sha.sha256);
    expect(existsSync(file)).toBe(true);
    await call(s.url, `/api/v1/parse/${own.body.job_id}`, { session: dana, method: 'DELETE' });
    expect(existsSync(file)).toBe(false);
    const ledger = await sqlRow(
      s.db,
      'select count(*) as n from ledger where account_id = ?',
      dana.accountId,
    );
    expect(ledger?.n).toBeGreaterThan(0);
  });

  it('reads an API job again without charging it twice or forgetting it was charged', async () => {
    const { key } = await s.account('reparse-api@example.com');
    const web = await s.session('reparse-api@example.com');
    const sub = await call(s.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_SCAN)) });
    expect((await waitForJob(s.url, key, sub.body.job_id)).charged).toBe(true);
    const again = await call(s.url, `/api/v1/parse/${sub.body.job_id}/reparse`, {
      session: web,
      method: 'POST',
    });
    expect(again.status).toBe(200);
    expect((await ended(web, sub.body.job_id)).status).toBe('done');
    expect(await waitForJob(s.url, key, sub.body.job_id)).toMatchObject({ status: 'done', charged: true });
    const usage = await call(s.url, '/v1/usage', { key });
    expect(usage.body).toMatchObject({ sheets_used: 1, free_pages_left: 4, pages_reserved: 0 });
    const debits = await sqlRow(
      s.db,
      "select count(*) as n from ledger where account_id = ? and kind = 'debit'",
      web.accountId,
    );
    expect(debits?.n).toBe(1);
  });

  it('reads a failed scan again once when asked several times at once', async () => {
    const ida = await s.session('ida@example.com');
    await sqlRows(s.db, 'update accounts set web_free_parses_total = 5 where id = ?', ida.accountId);
    // A scanned PDF: its estimate is parsed in a read worker, which all four requests wait for.
    const up = await upload(ida, corpusFile(path.join(corpusDir, ONE_PAGE_SCAN_PDF)));
    await ended(ida, up.body.job_id);
    // A failed read holds a parse when read again; its file is estimated first. (A read that failed
    // counted nothing: the usage row this one wrote goes with its status, or the file would be
    // known as counted and read again for free.)
    await sqlRows(s.db, "update jobs set status = 'failed' where id = ?", up.body.job_id);
    await sqlRows(s.db, 'delete from usage where job_id = ?', up.body.job_id);
    const left = (await call(s.url, '/api/v1/me', { session: ida })).body.free_parses_left;
    const asks = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call(s.url, `/api/v1/parse/${up.body.job_id}/reparse`, { session: ida, method: 'POST' }),
      ),
    );
    const statuses = asks.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect((await ended(ida, up.body.job_id)).status).toBe('done');
    expect((await call(s.url, '/api/v1/me', { session: ida })).body.free_parses_left).toBe(left - 1);
  });

  it('neither deletes nor reads again a job still running (409 job_running)', async () => {
    const gus = await s.session('gus@example.com');
    const up = await upload(gus, corpusFile(SAMPLE_XML));
    await ended(gus, up.body.job_id);
    // The runner only touches jobs it claimed: a row marked processing stays so for this test.
    const mark = (status: string) =>
      sqlRows(s.db, 'update jobs set status = ? where id = ?', status, up.body.job_id);
    await mark('processing');
    const del = await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session: gus, method: 'DELETE' });
    expect([del.status, del.body]).toEqual([409, { detail: 'job_running' }]);
    const again = await call(s.url, `/api/v1/parse/${up.body.job_id}/reparse`, {
      session: gus,
      method: 'POST',
    });
    expect([again.status, again.body]).toEqual([409, { detail: 'job_running' }]);
    await mark('done');
    expect((await job(gus, up.body.job_id)).body.status).toBe('done');
  });

  it('needs a session and the right Origin for changes', async () => {
    for (const [method, p] of [
      ['GET', '/api/v1/parse'],
      ['GET', '/api/v1/parse/1'],
      ['DELETE', '/api/v1/parse/1'],
      ['PATCH', '/api/v1/parse/1/fields'],
      ['POST', '/api/v1/parse/1/reparse'],
      ['POST', '/api/v1/parse/upload'],
    ] as const) {
      expect((await call(s.url, p, { method })).body, `${method} ${p}`).toEqual({
        detail: 'not_authenticated',
      });
      if (method !== 'GET') {
        const r = await call(s.url, p, { method, headers: { cookie: anna.cookie } });
        expect(r.body, `${method} ${p}`).toEqual({ detail: 'csrf_origin' });
      }
    }
  });
});
