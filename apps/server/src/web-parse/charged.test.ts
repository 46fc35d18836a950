// What a web job says it was charged (service-spec: `charged` in the submission response; sheets
// are debited only on success; a duplicate is not charged again). A web upload is paid from the
// web allowance, not the API's pages: `charged` is whether a scanned parse was held at submission
// and, on the job, whether it was counted against the allowance when the read ended.
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
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
  waitForJob,
} from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';

const TEXT_PDF = path.join(corpusDir, 'textpdf/invoice2data/AmazonWebServices.pdf');
const QR_BILL = path.join(corpusDir, 'qr/swiss/smartive-swiss-qr-bill-decoder/images/six_examples/02.png');

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const upload = (who: TestSession, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  call(s.url, '/api/v1/parse/upload', { session: who, body: form(bytes, fields) });
const ended = (who: TestSession, id: number) =>
  waitFor(async () => {
    const r = await call(s.url, `/api/v1/parse/${id}`, { session: who });
    return r.body.status === 'done' || r.body.status === 'failed' ? r.body : undefined;
  }, `job ${id} to end`);
const me = async (who: TestSession) => (await call(s.url, '/api/v1/me', { session: who })).body;
const withParses = (who: TestSession, total: number) =>
  sqlRows(s.db, 'update accounts set web_free_parses_total = ? where id = ?', total, who.accountId);

describe.skipIf(!haveCorpus)('charged, for a web upload', () => {
  it('is true for a scan counted against the allowance, on submission and on the ended job', async () => {
    const { key } = await s.account('counted@example.com');
    const web = await s.session('counted@example.com');
    const up = await upload(web, corpusFile(SAMPLE_SCAN));
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ duplicate: false, charged: true });
    expect(await ended(web, up.body.job_id)).toMatchObject({ status: 'done', mode: 'ocr', charged: true });
    expect((await me(web)).free_parses_used).toBe(1);
    // The same job answered on /v1 says the same; the API's pages were not touched.
    expect(await waitForJob(s.url, key, up.body.job_id)).toMatchObject({ charged: true });
    expect((await call(s.url, '/v1/usage', { key })).body).toMatchObject({
      sheets_used: 0,
      free_pages_left: 5,
    });

    // The same bytes again: the earlier job, not charged again.
    const again = await upload(web, corpusFile(SAMPLE_SCAN));
    expect(again.body).toMatchObject({ job_id: up.body.job_id, duplicate: true, charged: false });
    expect((await me(web)).free_parses_used).toBe(1);

    // Read again: free, and the job still says its first read was counted.
    const reparse = await call(s.url, `/api/v1/parse/${up.body.job_id}/reparse`, {
      session: web,
      method: 'POST',
    });
    expect(reparse.status).toBe(200);
    expect(await ended(web, up.body.job_id)).toMatchObject({ status: 'done', charged: true });
    expect((await me(web)).free_parses_used).toBe(1);

    // Deleted and uploaded anew: a new job, read for free (the file was counted once).
    await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session: web, method: 'DELETE' });
    const anew = await upload(web, corpusFile(SAMPLE_SCAN));
    expect(anew.body).toMatchObject({ duplicate: false, charged: false });
    expect(await ended(web, anew.body.job_id)).toMatchObject({ status: 'done', mode: 'ocr', charged: false });
    expect((await me(web)).free_parses_used).toBe(1);
  });

  it('is false for an e-invoice, a text PDF and a QR bill, which are free', async () => {
    const web = await s.session('free-reads@example.com');
    for (const [file, fields, mode] of [
      [SAMPLE_XML, {}, 'xml'],
      [TEXT_PDF, {}, 'text'],
      [QR_BILL, { country: 'ch' }, 'qr'],
    ] as const) {
      const up = await upload(web, corpusFile(file), fields);
      expect(up.status, mode).toBe(200);
      expect(await ended(web, up.body.job_id), mode).toMatchObject({ status: 'done', mode, charged: false });
    }
    expect((await me(web)).free_parses_used).toBe(0);
  });

  it('is false once a parse held at submission goes back: a QR bill found, a read that failed', async () => {
    const web = await s.session('given-back@example.com');
    await withParses(web, 2);
    // The account can pay: a parse is held at once (no search delays the upload), and given back.
    const qr = await upload(web, corpusFile(QR_BILL), { country: 'ch' });
    expect(qr.body).toMatchObject({ charged: true });
    expect(await ended(web, qr.body.job_id)).toMatchObject({ status: 'done', mode: 'qr', charged: false });
    const junk = await upload(web, junkPng(1));
    expect(junk.body).toMatchObject({ charged: true });
    expect(await ended(web, junk.body.job_id)).toMatchObject({ status: 'failed', charged: false });
    expect((await me(web)).free_parses_used).toBe(0);
  });

  it('is false for a QR bill uploaded with the allowance used up', async () => {
    const web = await s.session('used-up@example.com');
    await withParses(web, 0);
    const qr = await upload(web, corpusFile(QR_BILL), { country: 'ch' });
    expect(qr.status).toBe(200);
    expect(qr.body).toMatchObject({ charged: false });
    expect(await ended(web, qr.body.job_id)).toMatchObject({ status: 'done', mode: 'qr', charged: false });
  });
});
