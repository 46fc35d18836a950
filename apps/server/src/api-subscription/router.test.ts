import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitForJob,
} from '../test-support/server.js';
import { typed } from '../test-support/typed-client.js';

let s: TestServer;
let anna: TestSession;
let bob: TestSession;

beforeAll(async () => {
  s = await startTestServer();
  anna = await s.session('anna@example.com');
  bob = await s.session('bob@example.com');
});
afterAll(() => s.stop());

const get = (path: string, session?: TestSession) => call(s.url, path, session ? { session } : {});
const post = (path: string, session: TestSession, json?: unknown) =>
  call(s.url, path, { session, method: 'POST', ...(json !== undefined ? { json } : {}) });

describe('price and scale (public)', () => {
  it('prices a volume tier by tier, in EUR, USD and RUB by the country', async () => {
    const de = await get('/api/v1/api/price?sheets=1500&country=DE');
    expect(de.status).toBe(200);
    // 1,000 sheets at 0.07 and 500 at 0.06.
    expect(de.body).toMatchObject({ currency: 'EUR', sheets: 1500, total: '100.00', total_minor: 10_000 });
    expect(de.body).toMatchObject({ price_per_sheet: '0.06', min_top_up: '8.00', free_sheets: 5 });
    const us = await get('/api/v1/api/price?sheets=100&country=US');
    expect(us.body).toMatchObject({ currency: 'USD', total: '7.56', min_top_up: '8.64' });
    const ru = await get('/api/v1/api/price?sheets=100&country=RU');
    expect(ru.body).toMatchObject({ currency: 'RUB', total: '691.25', min_top_up: '790.00' });
    expect((await get('/api/v1/api/price')).body).toMatchObject({
      sheets: 100,
      currency: 'EUR',
      total: '7.00',
    });
  });

  it('answers 422 for sheets out of range and a country longer than 2', async () => {
    for (const q of ['sheets=99', 'sheets=2000001', 'sheets=abc', 'country=DEU']) {
      const r = await get(`/api/v1/api/price?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.body.detail[0].loc[0]).toBe('query');
    }
  });

  it('shows the scale', async () => {
    const r = await get('/api/v1/api/scale');
    expect(r.body.tiers.map((t: { price_per_sheet: string }) => t.price_per_sheet)).toEqual([
      '0.07',
      '0.06',
      '0.05',
      '0.04',
      '0.03',
    ]);
    expect(r.body.rates).toEqual({ USD: 1.08, RUB: 98.75 });
  });
});

describe('keys', () => {
  it('creates a key shown once that reads on /v1, lists it without the secret, revokes it', async () => {
    const made = await post('/api/v1/api/keys', anna, { label: 'ERP' });
    expect(made.status).toBe(200);
    expect(made.body.key).toMatch(/^ir_/);
    expect(made.body.label).toBe('ERP');
    const list = await get('/api/v1/api/keys', anna);
    expect(JSON.stringify(list.body)).not.toContain(made.body.key);
    expect(list.body.keys).toContainEqual(
      expect.objectContaining({ id: made.body.key_id, label: 'ERP', active: true, prefix: made.body.prefix }),
    );
    if (haveCorpus) {
      const sub = await call(s.url, '/v1/parse', { key: made.body.key, body: form(corpusFile(SAMPLE_XML)) });
      expect(sub.status).toBe(200);
      expect((await waitForJob(s.url, made.body.key, sub.body.job_id)).status).toBe('done');
    }
    // Another account cannot revoke it.
    expect((await post(`/api/v1/api/keys/${made.body.key_id}/revoke`, bob)).body).toEqual({
      detail: 'key_not_found',
    });
    const revoked = await post(`/api/v1/api/keys/${made.body.key_id}/revoke`, anna);
    expect(revoked.body.key).toMatchObject({ active: false, revoked_reason: 'revoked' });
    expect((await call(s.url, '/v1/usage', { key: made.body.key })).body).toEqual({
      detail: 'invalid_api_key',
    });
    expect((await post(`/api/v1/api/keys/${made.body.key_id}/revoke`, anna)).status).toBe(404);
  });

  it('rotates the oldest active key, or the one named: the old key stops at once', async () => {
    const a = await post('/api/v1/api/keys', anna, { label: 'first' });
    const b = await post('/api/v1/api/keys', anna, { label: 'second' });
    const rotated = await post('/api/v1/api/key/rotate', anna);
    expect(rotated.body).toMatchObject({ replaced_key_id: a.body.key_id, label: 'first' });
    expect((await call(s.url, '/v1/usage', { key: a.body.key })).status).toBe(401);
    expect((await call(s.url, '/v1/usage', { key: rotated.body.key })).status).toBe(200);
    expect((await call(s.url, '/v1/usage', { key: b.body.key })).status).toBe(200);
    const named = await post('/api/v1/api/key/rotate', anna, { key_id: b.body.key_id });
    expect(named.body.replaced_key_id).toBe(b.body.key_id);
    expect((await call(s.url, '/v1/usage', { key: b.body.key })).status).toBe(401);
    expect((await post('/api/v1/api/key/rotate', bob, { key_id: named.body.key_id })).status).toBe(404);
  });

  it('validates the body and limits active keys', async () => {
    expect((await post('/api/v1/api/keys', bob)).body.detail[0]).toMatchObject({
      type: 'missing',
      loc: ['body'],
    });
    expect((await post('/api/v1/api/keys', bob, 7)).body.detail[0].type).toBe('dict_type');
    expect((await post('/api/v1/api/keys', bob, { label: 'x'.repeat(61) })).status).toBe(422);
    const carl = await s.session('carl@example.com');
    for (let i = 0; i < 20; i++)
      expect((await post('/api/v1/api/keys', carl, { label: `k${i}` })).status).toBe(200);
    expect((await post('/api/v1/api/keys', carl, { label: 'one too many' })).body).toEqual({
      detail: 'too_many_keys',
    });
  });
});

describe('dashboard, usage, balance, countries', () => {
  it('shows the dashboard and balance of a fresh account', async () => {
    const dan = await s.session('dan@example.com');
    await post('/api/v1/api/keys', dan, { label: 'main' });
    const d = await get('/api/v1/api/dashboard', dan);
    expect(d.body).toMatchObject({
      used: 0,
      left: 5,
      limit: 5,
      end_date: null,
      balance: '0.00',
      active_keys: 1,
    });
    expect(d.body.key).toMatchObject({ label: 'main', active: true });
    const b = await get('/api/v1/api/balance', dan);
    expect(b.body).toMatchObject({
      pages_left: 5,
      free_pages_left: 5,
      paid_pages_left: 0,
      price_per_page: '0.07',
    });
    expect((await get('/api/v1/api/usage', dan)).body).toEqual({ ok: true, currency: 'EUR', items: [] });
    expect((await get('/api/v1/api/usage?limit=0', dan)).status).toBe(422);
    expect((await get('/api/v1/api/usage?limit=501', dan)).status).toBe(422);
  });

  it('names countries in the language asked for', async () => {
    const de = await get('/api/v1/api/countries?lang=de', anna);
    expect(de.body.countries.find((c: { code: string }) => c.code === 'DE')).toMatchObject({
      name: 'Deutschland',
      field_set: 'A',
      currency: 'EUR',
    });
    const ru = await get('/api/v1/api/country/ch?lang=ru', anna);
    expect(ru.body.country).toMatchObject({
      code: 'CH',
      name: 'Швейцария',
      payment_methods: ['swiss_qr_bill', 'bank_transfer_iban'],
    });
    expect((await get('/api/v1/api/country/US', anna)).body.country).toMatchObject({
      name: 'United States',
      field_set: 'B',
    });
    expect((await get('/api/v1/api/country/XX', anna)).body).toEqual({ detail: 'unsupported_country' });
  });

  it('needs a session for everything but price and scale', async () => {
    for (const path of [
      '/api/v1/api/dashboard',
      '/api/v1/api/keys',
      '/api/v1/api/usage',
      '/api/v1/api/countries',
      '/api/v1/api/country/DE',
      '/api/v1/api/balance',
    ])
      expect((await get(path)).body, path).toEqual({ detail: 'not_authenticated' });
    for (const path of ['/api/v1/api/keys', '/api/v1/api/keys/1/revoke', '/api/v1/api/key/rotate']) {
      expect((await call(s.url, path, { method: 'POST' })).status, path).toBe(401);
      // The browser's cookie without the service's Origin: refused before anything changes.
      const r = await call(s.url, path, {
        method: 'POST',
        headers: { cookie: anna.cookie },
        json: { label: 'x' },
      });
      expect([r.status, r.body], path).toEqual([403, { detail: 'csrf_origin' }]);
    }
  });
});

describe('through the client generated from the OpenAPI document', () => {
  it('makes a key and reads it back with the generated types', async () => {
    const eve = await s.session('eve@example.com');
    const made = await typed(s.url, 'post', '/api/v1/api/keys', { session: eve, json: { label: 'typed' } });
    const key: string = made.body.key;
    expect(key).toMatch(/^ir_/);
    const keys = await typed(s.url, 'get', '/api/v1/api/keys', { session: eve });
    const labels: string[] = keys.body.keys.map((k) => k.label);
    expect(labels).toEqual(['typed']);
    const price = await typed(s.url, 'get', '/api/v1/api/price', {});
    const currency: 'EUR' | 'USD' | 'RUB' = price.body.currency;
    expect(currency).toBe('EUR');
  });
});
