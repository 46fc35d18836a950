import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';
import { startTestSmtp, type TestSmtp } from '../test-support/smtp.js';
import { sqlRow } from '../test-support/sql.js';

let smtp: TestSmtp;
let s: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@example.com' });
});
afterAll(async () => {
  await s.stop();
  await smtp.close();
});

const raw = async (path: string, body: unknown) => {
  const r = await fetch(s.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return [r.status, await r.text()] as const;
};

describe('leads', () => {
  it('answers the same for a new and a known address, stores one row per address', async () => {
    const first = await raw('/api/v1/leads', {
      email: 'lead@example.com',
      company: 'ACME',
      pages_per_month: 500,
    });
    const again = await raw('/api/v1/leads', { email: 'LEAD@example.com', comment: 'still interested' });
    const other = await raw('/api/v1/leads', { email: 'other@example.com' });
    expect(first).toEqual([200, '{"ok":true}']);
    expect(again).toEqual(first);
    expect(other).toEqual(first);
    expect((await call(s.url, '/api/v1/leads/count')).body).toEqual({ ok: true, count: 2 });
    const row = await sqlRow(s.db, "select company, comment from leads where email = 'lead@example.com'");
    expect(row).toEqual({ company: 'ACME', comment: 'still interested' });
  });

  it('answers 422 for a lead that fails the schema', async () => {
    for (const body of [
      { email: 'not-an-address' },
      { email: 'a@example.com', pages_per_month: -1 },
      { email: 'a@example.com', company: 'x'.repeat(201) },
      { email: 'a@example.com', source: 'y'.repeat(41) },
      {},
    ]) {
      const r = await call(s.url, '/api/v1/leads', { json: body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.detail[0].loc[0]).toBe('body');
    }
  });
});

describe('reviews', () => {
  it('publishes 4 and 5 stars at once, sends 1 to 3 to the owner and keeps them back', async () => {
    const good = await call(s.url, '/api/v1/reviews', {
      json: { name: 'Anna Berg', stars: 5, text: 'Reads <everything>' },
    });
    expect(good.body).toEqual({ ok: true, published: true });
    const bad = await call(s.url, '/api/v1/reviews', { json: { name: 'Carl', stars: 2, text: 'Too slow' } });
    expect(bad.body).toEqual({ ok: true, published: false });
    const mail = await smtp.next('owner@example.com');
    expect(mail.subject).toMatch(/2 star/);
    expect(mail.text).toContain('Too slow');

    const list = await call(s.url, '/api/v1/reviews');
    expect(list.body.reviews).toHaveLength(1);
    expect(list.body.reviews[0]).toMatchObject({
      name: 'Anna Berg',
      stars: 5,
      photo_url: `/review-photo/${good.body.ok && list.body.reviews[0].id}`,
    });

    const page = await fetch(`${s.url}/reviews`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('Anna Berg');
    expect(html).toContain('Reads &lt;everything&gt;');
    expect(html).not.toContain('Too slow');

    const photo = await fetch(`${s.url}/review-photo/${list.body.reviews[0].id}`);
    expect(photo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await photo.text()).toContain('>AB</text>');
    const hiddenId = (
      (await sqlRow(s.db, 'select id from reviews where published = false')) as { id: number }
    ).id;
    expect((await call(s.url, `/review-photo/${hiddenId}`)).body).toEqual({ detail: 'review_not_found' });
    expect((await call(s.url, '/review-photo/abc')).status).toBe(422);
  });

  it('validates a review', async () => {
    for (const body of [
      { name: '', stars: 5 },
      { name: 'A', stars: 0 },
      { name: 'A', stars: 6 },
      { name: 'A', stars: 4.5 },
    ])
      expect((await call(s.url, '/api/v1/reviews', { json: body })).status, JSON.stringify(body)).toBe(422);
  });
});

describe('payment provider guide', () => {
  it('gives a checklist and ready texts in the language asked for', async () => {
    const ru = await call(s.url, '/api/v1/guide/provider?country=ru&business=Ромашка&email=a%40b.ru&lang=ru');
    expect(ru.body).toMatchObject({ lang: 'ru', country: 'RU', currency: 'RUB', provider: 'CloudPayments' });
    expect(ru.body.checklist.length).toBeGreaterThan(3);
    expect(ru.body.texts.business_description).toContain('Ромашка');
    expect(ru.body.texts.refund_policy).toContain('a@b.ru');
    const de = await call(s.url, '/api/v1/guide/provider?lang=de');
    expect(de.body).toMatchObject({ lang: 'de', currency: 'EUR' });
    expect(de.body.texts.business_description).toContain('Ihre Firma');
    expect((await call(s.url, '/api/v1/guide/provider?country=DEU')).status).toBe(422);
  });
});
