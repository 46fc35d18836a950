// The /v1 contract over real HTTP against a real server with a temporary SQLite database.
import { countJobsOf } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The engine's own test PDF writer (test support, not part of its public API).
import { buildPdf } from '../../../../packages/engine/src/test-support/pdf-builder.js';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  junkPng,
  SAMPLE_SCAN,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  waitForJob,
} from '../test-support/server.js';

const XML = (n: number) =>
  Buffer.from(
    `<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><!-- ${n} --></rsm:CrossIndustryInvoice>`,
  );

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ MAX_UPLOAD_BYTES: String(4 * 1024 * 1024) });
});
afterAll(() => s.stop());

describe('authentication', () => {
  it('answers 401 missing_api_key and invalid_api_key', async () => {
    expect(await call(s.url, '/v1/usage')).toMatchObject({
      status: 401,
      body: { detail: 'missing_api_key' },
    });
    const bad = await call(s.url, '/v1/usage', { key: 'ir_not-a-key' });
    expect(bad).toMatchObject({ status: 401, body: { detail: 'invalid_api_key' } });
    const post = await call(s.url, '/v1/parse', { body: form(XML(1)) });
    expect(post).toMatchObject({ status: 401, body: { detail: 'missing_api_key' } });
  });

  it('another account’s job answers 404 job_not_found, like a job that does not exist', async () => {
    const a = await s.account('owner@example.com');
    const b = await s.account('other@example.com');
    const sub = await call(s.url, '/v1/parse', { key: a.key, body: form(XML(2)) });
    expect(sub.status).toBe(200);
    expect((await call(s.url, `/v1/parse/${sub.body.job_id}`, { key: a.key })).status).toBe(200);
    const other = await call(s.url, `/v1/parse/${sub.body.job_id}`, { key: b.key });
    expect(other).toMatchObject({ status: 404, body: { detail: 'job_not_found' } });
    expect(await call(s.url, '/v1/parse/999999', { key: a.key })).toMatchObject({ status: 404 });
  });
});

describe('submission refusals', () => {
  it('answers each error code of the specification', async () => {
    const { key } = await s.account('refusals@example.com');
    const post = (body: FormData) => call(s.url, '/v1/parse', { key, body });
    expect(await post(form(XML(3), { country: 'ZZ' }))).toMatchObject({
      status: 400,
      body: { detail: 'unsupported_country' },
    });
    expect(await post(form(Buffer.from('hello, world')))).toMatchObject({
      status: 400,
      body: { detail: 'unsupported_file_type' },
    });
    expect(await post(form(Buffer.alloc(0)))).toMatchObject({ status: 400, body: { detail: 'empty_file' } });
    expect(await post(form(buildPdf({ pages: 101, text: '' })))).toMatchObject({
      status: 400,
      body: { detail: 'too_many_pages' },
    });
    expect(await post(form(Buffer.alloc(4 * 1024 * 1024 + 1, 0x41)))).toMatchObject({
      status: 413,
      body: { detail: 'file_too_large' },
    });
    // The limit itself is allowed: a file of exactly 4 MiB is read, and refused for what it is.
    expect(await post(form(Buffer.alloc(4 * 1024 * 1024, 0x41)))).toMatchObject({
      status: 400,
      body: { detail: 'unsupported_file_type' },
    });
  });

  it('takes the part named file even after a file part of another name', async () => {
    const { key } = await s.account('parts@example.com');
    const body = new FormData();
    body.set('other', new Blob([Buffer.from('not this one')]), 'other.txt');
    body.set('file', new Blob([XML(5)]), 'invoice.xml');
    const r = await call(s.url, '/v1/parse', { key, body });
    expect(r.status).toBe(200);
    expect(r.body.job_id).toBeGreaterThan(0);
  });

  it('answers 422 in FastAPI’s HTTPValidationError shape', async () => {
    const { key } = await s.account('validation@example.com');
    const noFile = new FormData();
    noFile.set('country', 'de');
    const missing = await call(s.url, '/v1/parse', { key, body: noFile });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }],
    });
    const notInt = await call(s.url, '/v1/parse/abc', { key });
    expect(notInt.status).toBe(422);
    expect(notInt.body).toEqual({
      detail: [
        {
          type: 'int_parsing',
          loc: ['path', 'job_id'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: 'abc',
        },
      ],
    });
    // Only digits are an integer: not a hex, an exponent, a decimal or an empty value (z.coerce took
    // "0x1" for job 1 and "" for 0).
    for (const id of ['0x1', '1e3', '1.0', '%20']) {
      const r = await call(s.url, `/v1/parse/${id}`, { key });
      expect([r.status, r.body.detail?.[0]?.type], id).toEqual([422, 'int_parsing']);
    }
    const badUrl = await call(s.url, '/v1/parse', { key, body: form(XML(4), { callback_url: 'not a url' }) });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.detail[0]).toMatchObject({ type: 'url_parsing', loc: ['body', 'callback_url'] });
    const json = await call(s.url, '/v1/parse', {
      key,
      body: '{"file": "x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(422);
    expect(json.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'file'] });
  });

  it('answers 402 insufficient_balance for a scan the account cannot cover, and starts nothing', async () => {
    // Five free pages: five distinct images are accepted.
    const { key: five } = await s.account('five@example.com');
    for (let i = 0; i < 5; i++)
      expect((await call(s.url, '/v1/parse', { key: five, body: form(junkPng(i)) })).status).toBe(200);
    // No free page and no balance: a scan is refused. (A sixth image of the account above is no
    // sure test: each of the five junk images fails within moments and gives its page back.)
    const { key, accountId } = await s.account('poor@example.com', { freePages: 0 });
    const refused = await call(s.url, '/v1/parse', { key, body: form(junkPng(99)) });
    expect(refused).toMatchObject({ status: 402, body: { detail: 'insufficient_balance' } });
    expect(await countJobsOf(s.db, accountId)).toBe(0);
    // An e-invoice is free and never refused for balance.
    expect((await call(s.url, '/v1/parse', { key, body: form(XML(5)) })).status).toBe(200);
  });
});

describe('jobs', () => {
  it.skipIf(!haveCorpus)(
    'reads an e-invoice: queued or processing at once, then done with fields',
    async () => {
      const { key } = await s.account('reader@example.com');
      const sub = await call(s.url, '/v1/parse', {
        key,
        body: form(corpusFile(SAMPLE_XML), { country: 'de' }),
      });
      expect(sub.status).toBe(200);
      expect(sub.body).toMatchObject({ ok: true, charged: false, duplicate: false });
      expect(['queued', 'processing']).toContain(sub.body.status);
      const job = await waitForJob(s.url, key, sub.body.job_id);
      expect(job).toMatchObject({ status: 'done', mode: 'xml', pages_scanned: 0, charged: false });
      expect(job.fields.invoice_no).toBe('F20260023');
      expect(job.fields.gross_amount).toBe('104.90');
      expect(job.fields_detailed.find((f: { key: string }) => f.key === 'invoice_no')).toMatchObject({
        edited: false,
        status: 'confirmed',
        source: 'xml',
      });
    },
  );

  it.skipIf(!haveCorpus)(
    'debits a scanned page once, when the job is done; the same bytes again are the same job',
    async () => {
      const { key } = await s.account('scan@example.com');
      const sub = await call(s.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_SCAN)) });
      expect(sub.body).toMatchObject({ charged: true, duplicate: false, pages_reserved: 1 });
      const again = await call(s.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_SCAN)) });
      expect(again.body).toMatchObject({ job_id: sub.body.job_id, charged: false, duplicate: true });
      const job = await waitForJob(s.url, key, sub.body.job_id);
      expect(job).toMatchObject({ status: 'done', mode: 'ocr', pages_scanned: 1, charged: true });
      const late = await call(s.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_SCAN)) });
      expect(late.body).toMatchObject({
        job_id: sub.body.job_id,
        status: 'done',
        charged: false,
        duplicate: true,
      });
      const usage = await call(s.url, '/v1/usage', { key });
      expect(usage.body).toMatchObject({ sheets_used: 1, free_pages_left: 4, pages_reserved: 0 });
    },
  );

  it('releases the reserved page of a failed job', async () => {
    const { key } = await s.account('failed@example.com');
    const sub = await call(s.url, '/v1/parse', { key, body: form(junkPng(8)) });
    const job = await waitForJob(s.url, key, sub.body.job_id);
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.charged).toBe(false);
    const usage = await call(s.url, '/v1/usage', { key });
    expect(usage.body).toMatchObject({ sheets_used: 0, free_pages_left: 5, pages_reserved: 0 });
  });
});

describe('public endpoints', () => {
  it('/v1/price and /v1/countries need no key', async () => {
    const price = await call(s.url, '/v1/price');
    expect(price.body).toMatchObject({
      currency: 'EUR',
      price_per_page: '0.07',
      free_pages: 5,
      min_top_up: '8.00',
    });
    expect(price.body.currencies).toContainEqual({
      currency: 'RUB',
      price_per_page: '6.91',
      min_top_up: '790.00',
    });
    expect(price.body.scale.map((t: { price_per_page: string }) => t.price_per_page)).toEqual([
      '0.07',
      '0.06',
      '0.05',
      '0.04',
      '0.03',
    ]);
    const countries = await call(s.url, '/v1/countries');
    const de = countries.body.countries.find((c: { code: string }) => c.code === 'DE');
    expect(de).toMatchObject({ field_set: 'A', currency: 'EUR' });
    expect(de.fields).toContain('seller_iban');
    expect(countries.body.countries.find((c: { code: string }) => c.code === 'RU').fields).toContain(
      'seller_inn',
    );
  });

  it('serves the OpenAPI document (version 0.3.0), Swagger UI and Redoc from local files', async () => {
    const doc = await call(s.url, '/openapi.json');
    expect(doc.body.info.version).toBe('0.3.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/v1/parse', '/v1/parse/{job_id}', '/v1/usage', '/v1/price', '/v1/countries']),
    );
    const docs = await call(s.url, '/docs');
    expect(docs.body).toContain('/docs/assets/swagger-ui-bundle.js');
    expect((await fetch(`${s.url}/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await call(s.url, '/redoc')).body).toContain('/redoc/redoc.standalone.js');
    expect((await fetch(`${s.url}/redoc/redoc.standalone.js`)).status).toBe(200);
    expect(await call(s.url, '/health')).toMatchObject({ status: 200, body: { ok: true } });
  });
});
