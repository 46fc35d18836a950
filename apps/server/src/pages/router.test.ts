// The public pages: the language chosen by Accept-Language, real HTML in each language (readable
// without JavaScript, hreflang, no inline script), the lead form as a plain POST, and the try-it
// upload that reads an e-invoice without an account, keeps nothing and is limited.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { countJobs, countLeads, insertReview } from '@invoice-reader/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  junkPng,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
} from '../test-support/server.js';
import { langFromAcceptLanguage, TRY_MAX_BYTES } from './router.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ TRY_RATE_LIMIT_PER_MINUTE: '6' });
  const at = new Date().toISOString();
  await insertReview(s.db, {
    name: 'Greta <b>',
    stars: 5,
    text: 'Reads my ZUGFeRD files.',
    published: true,
    createdAt: at,
  });
  await insertReview(s.db, { name: 'Hidden', stars: 2, text: 'kept back', published: false, createdAt: at });
});
afterAll(() => s.stop());

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(s.url + p, { headers, redirect: 'manual' });

describe('choosing the language', () => {
  it('takes the first supported language by q-value, else English', () => {
    expect(langFromAcceptLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(langFromAcceptLanguage('fr-FR, it;q=0.5, de;q=0.7')).toBe('de');
    expect(langFromAcceptLanguage('fr, es;q=0.9')).toBe('en');
    expect(langFromAcceptLanguage('de;q=0, it')).toBe('it');
    expect(langFromAcceptLanguage(undefined)).toBe('en');
    expect(langFromAcceptLanguage(';;;q=abc,,')).toBe('en');
  });

  it('redirects / to the page of the preferred language', async () => {
    const r = await get('/', { 'accept-language': 'it-IT,it;q=0.9' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/it');
    expect(r.headers.get('vary')).toMatch(/Accept-Language/);
    expect((await get('/')).headers.get('location')).toBe('/en');
  });
});

describe('the public page', () => {
  const expected = {
    de: ['Was er nie tut', 'Er erstellt keine Rechnungen.', '0,07 €', 'Deutschland'],
    en: ['What it never does', 'It does not create invoices.', '€0.07', 'Germany'],
    ru: ['Чего он никогда не делает', 'Не создаёт счета.', '6,91 ₽', '490 ₽', 'Германия'],
    it: ['Cosa non fa mai', 'Non crea fatture.', '0,07 €', 'Germania'],
  };
  for (const [lang, words] of Object.entries(expected)) {
    it(`renders /${lang} on the server with its words, prices, countries and alternates`, async () => {
      const r = await get(`/${lang}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      const html = (await r.text()).replace(/\u00a0|\u202f/g, ' ');
      expect(html).toContain(`<html lang="${lang}">`);
      for (const w of words) expect(html).toContain(w);
      for (const l of ['de', 'en', 'ru', 'it'])
        expect(html).toContain(`hreflang="${l}" href="${s.url}/${l}"`);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
      // The lead form and the try-it upload work as plain forms.
      expect(html).toContain(`action="/${lang}/lead" method="post"`);
      expect(html).toContain('action="/api/v1/try" method="post" enctype="multipart/form-data"');
      // The CSP allows no inline script: every <script> names its source.
      expect(html.match(/<script[^>]*>/g)?.every((tag) => /\ssrc="\//.test(tag))).toBe(true);
      // Published reviews only, escaped; and a link to all of them.
      expect(html).toContain('Greta &lt;b&gt;');
      expect(html).not.toContain('kept back');
      expect(html).toContain('href="/reviews"');
    });
  }

  it('prices in the visitor’s currency: by the browser’s country, the page’s language, or as asked', async () => {
    const text = async (p: string, headers: Record<string, string> = {}) => {
      const r = await get(p, headers);
      expect(r.headers.get('vary')).toMatch(/Accept-Language/);
      return (await r.text()).replace(/\u00a0|\u202f/g, ' ');
    };
    // The plans are the app's (one price list), charged in roubles and shown at the service's rate.
    const us = await text('/en', { 'accept-language': 'en-US,en;q=0.9' });
    expect(us).toContain('$0.0756');
    expect(us).toMatch(/≈ \$5\.\d\d/);
    expect(us).toContain('Charged in roubles: RUB 490 / RUB 4,900');
    for (const plan of ['Free', 'Start', 'Pro', 'Business']) expect(us).toContain(`<h3>${plan}</h3>`);
    const de = await text('/de', { 'accept-language': 'de-DE' });
    expect(de).toMatch(/≈ 4,96 €/);
    const rub = await text('/en?currency=rub');
    expect(rub).toContain('RUB 490');
    expect(rub).not.toContain('Charged in roubles');
    // Every plan and the call to action lead to signing in, in the page's language.
    expect(rub).toContain('href="/app/sign-in?lang=en"');
  });

  it('prices the scale as billing does (the 1,001st page at the next tier)', async () => {
    const html = await (await get('/en')).text();
    expect(html).toContain('€0.06');
    // 1,000 pages: 1,000 × €0.07; 10,000 pages: €70 + 9,000 × €0.06 = €610.
    expect(html).toContain('€70.00');
    expect(html).toContain('€610.00');
  });

  it('is a 404 for a language it does not have, and its script is served', async () => {
    expect((await get('/fr')).status).toBe(404);
    const js = await get('/pages/landing.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves the site icon where browsers ask for it', async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const icon = await get(path);
      expect(icon.status, path).toBe(200);
      expect(icon.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
      expect(await icon.text()).toMatch(/^<svg /);
    }
  });
});

describe('the lead form', () => {
  it('takes a lead posted as a plain form and comes back to the page, which thanks', async () => {
    const before = await countLeads(s.db);
    const r = await fetch(`${s.url}/de/lead`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'Buyer@Example.com',
        company: 'ACME',
        pages_per_month: '',
        comment: '',
      }),
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/de?lead=sent#lead');
    expect(await countLeads(s.db)).toBe(before + 1);
    expect(await (await get('/de?lead=sent')).text()).toContain('Danke');
  });

  it('answers 422 for an address that is not one, and keeps nothing', async () => {
    const before = await countLeads(s.db);
    const r = await call(s.url, '/en/lead', {
      method: 'POST',
      body: 'email=not-an-address&pages_per_month=12',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['body', 'email']);
    expect(await countLeads(s.db)).toBe(before);
  });
});

describe.runIf(haveCorpus)('the try-it upload', () => {
  it('reads an e-invoice without an account and keeps nothing', async () => {
    const r = await call(s.url, '/api/v1/try', {
      body: form(corpusFile(SAMPLE_XML), { country: 'DE' }, 'x.xml'),
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('done');
    expect(r.body.mode).toBe('xml');
    expect(r.body.fields.invoice_no).toBeTruthy();
    expect(r.body.fields_detailed.length).toBeGreaterThan(5);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect((await countJobs(s.db, 'done')) + (await countJobs(s.db, 'queued'))).toBe(0);
    const blobs = path.join(s.dataDir, 'blobs');
    expect(readdirSafe(blobs)).toEqual([]);
  });

  it('answers a page to a browser that posts the form without JavaScript', async () => {
    const r = await call(s.url, '/api/v1/try', {
      body: form(corpusFile(SAMPLE_XML), { country: 'DE', lang: 'de' }, 'x.xml'),
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.body).toContain('<html lang="de">');
    expect(r.body).toContain('Was der Leser gefunden hat');
    expect(r.body).toContain('<th scope="row">invoice_no</th>');
    expect(r.body).toContain('href="/de#try"');
    expect(r.body).not.toMatch(/<script/);
  });

  it('reads no scan: an image answers failed with the reason', async () => {
    const r = await call(s.url, '/api/v1/try', { body: form(junkPng(1), { country: 'DE' }, 'scan.png') });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('failed');
    expect(r.body.error).toBeTruthy();
    expect(r.body.fields).toEqual({});
  });

  it('refuses a missing file, an unknown country and a file over 2 MB', async () => {
    const none = await call(s.url, '/api/v1/try', { body: new FormData() });
    expect(none.status).toBe(422);
    expect(none.body.detail[0].loc).toEqual(['body', 'file']);
    const country = await call(s.url, '/api/v1/try', {
      body: form(corpusFile(SAMPLE_XML), { country: 'XX' }),
    });
    expect(country.status).toBe(400);
    expect(country.body.detail).toBe('unsupported_country');
    const big = await call(s.url, '/api/v1/try', { body: form(Buffer.alloc(TRY_MAX_BYTES + 1, 32)) });
    expect(big.status).toBe(413);
  });

  it('is limited per client address', async () => {
    let last = 0;
    for (let i = 0; i < 8 && last !== 429; i++)
      last = (await call(s.url, '/api/v1/try', { body: form(corpusFile(SAMPLE_XML)) })).status;
    expect(last).toBe(429);
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
