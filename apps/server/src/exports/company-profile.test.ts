// The company profile and what the exports take from it: kept per account and checked, used for
// the buyer-side terms an invoice lacks (marked in the answer and the zip), the fill-in form in
// the account's language; and DATEV's one file per fiscal year.
import { shutdownWorkers } from '@invoice-reader/engine';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
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
  waitFor,
} from '../test-support/server.js';
import { sqlRows } from '../test-support/sql.js';

let s: TestServer;
let cara: TestSession;
let dora: TestSession;

beforeAll(async () => {
  s = await startTestServer();
  cara = await s.session('cara@example.com');
  dora = await s.session('dora@example.com');
});
afterAll(async () => {
  await s.stop();
  await shutdownWorkers();
});

const PROFILE = {
  name: 'Beispiel Einkauf GmbH',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'de',
  vat_id: '',
  electronic_address: 'rechnungen@einkauf.example',
  buyer_reference: '04011000-1234512345-06',
};

const KOSIT = SAMPLE_XML.replace(
  /akretion-factur-x\/.*$/,
  'kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml',
);

async function upload(session: TestSession, bytes: Buffer): Promise<number> {
  const up = await call(s.url, '/api/v1/parse/upload', { session, body: form(bytes) });
  await waitFor(
    async () => (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session })).body.status === 'done',
    'the upload to be read',
  );
  return up.body.job_id as number;
}

describe('the company profile', () => {
  it('is empty until saved, checked when saved, and kept for its account only', async () => {
    const empty = await call(s.url, '/api/v1/account/company', { session: cara });
    expect(empty.body).toEqual({
      ok: true,
      name: '',
      street: '',
      postcode: '',
      city: '',
      country: '',
      vat_id: '',
      electronic_address: '',
      buyer_reference: '',
    });
    const bad = await call(s.url, '/api/v1/account/company', {
      session: cara,
      method: 'PUT',
      json: { ...PROFILE, country: 'XQ', vat_id: 'DE123', electronic_address: 'somewhere' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ['body', 'country'],
      ['body', 'vat_id'],
      ['body', 'electronic_address'],
    ]);
    expect(bad.body.detail[2].msg).toMatch(/e-mail address, a Leitweg-ID/);
    expect((await call(s.url, '/api/v1/account/company', { session: cara })).body.name).toBe('');
    const put = await call(s.url, '/api/v1/account/company', { session: cara, method: 'PUT', json: PROFILE });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ country: 'DE', electronic_address: 'EM:rechnungen@einkauf.example' });
    expect((await call(s.url, '/api/v1/account/company', { session: cara })).body).toEqual(put.body);
    expect((await call(s.url, '/api/v1/account/company', { session: dora })).body.name).toBe('');
    expect((await call(s.url, '/api/v1/account/company')).status).toBe(401);
  });
});

describe.skipIf(!haveCorpus)('exports with the company profile', () => {
  it('takes the buyer-side terms an invoice lacks from it, and says which', async () => {
    // The KoSIT case as a received invoice that names no buyer reference or buyer address.
    const xml = corpusFile(KOSIT)
      .toString('utf8')
      .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '')
      .replace(
        /(<cac:AccountingCustomerParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/,
        '$1',
      );
    const id = await upload(cara, Buffer.from(xml));
    const r = await fetch(`${s.url}/api/v1/parse/${id}/export/xrechnung-cii`, {
      headers: { cookie: cara.cookie },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-filled-from-profile')).toBe('BT-10, BT-49');
    const text = await r.text();
    expect(text).toContain(`<ram:BuyerReference>${PROFILE.buyer_reference}</ram:BuyerReference>`);
    expect(text).toContain("taken from the receiving company's profile: BT-10, BT-49");
    // Nothing is stored with the job: the profile is read at each export.
    const job = (await call(s.url, `/api/v1/parse/${id}`, { session: cara })).body;
    expect(job.document.references.buyer_reference).toBeUndefined();
    const zip = await fetch(`${s.url}/api/v1/exports/xrechnung-cii`, {
      method: 'POST',
      headers: { cookie: cara.cookie, origin: s.publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ job_ids: [id] }),
    });
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Buffer.from(entries['from-profile.txt']!).toString('utf8')).toBe(`job ${id}: BT-10, BT-49\n`);
    // Without a profile the same export asks for them, in the account's language.
    await sqlRows(s.db, "update accounts set lang = 'de' where email = ?", 'dora@example.com');
    const other = await upload(dora, Buffer.from(xml));
    const asked = await call(s.url, `/api/v1/parse/${other}/export/xrechnung-cii`, { session: dora });
    expect(asked.status).toBe(422);
    expect(asked.body.detail.map((d: { ctx: { input?: { label: string } } }) => d.ctx.input?.label)).toEqual([
      'Käuferreferenz (Leitweg-ID)',
      'Elektronische Adresse des Käufers',
    ]);
  });

  it('writes DATEV across two fiscal years as a zip of one file per year, as the settings start them', async () => {
    const sample = corpusFile(SAMPLE_XML).toString('utf8');
    expect(sample).toContain('20260131');
    const a = await upload(cara, Buffer.from(sample));
    const b = await upload(
      cara,
      Buffer.from(sample.replace('F20260023', 'F20250099').replaceAll('20260131', '20250815')),
    );
    const ledger = (body: object) =>
      fetch(`${s.url}/api/v1/exports/ledger-de`, {
        method: 'POST',
        headers: { cookie: cara.cookie, origin: s.publicUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ job_ids: [a, b], ...body }),
      });
    const calendar = await ledger({});
    expect(calendar.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await calendar.arrayBuffer()));
    expect(Object.keys(entries)).toEqual([
      'EXTF_Buchungsstapel_WJ20250101.csv',
      'EXTF_Buchungsstapel_WJ20260101.csv',
    ]);
    for (const [name, bytes] of Object.entries(entries)) {
      const header = iconv.decode(Buffer.from(bytes), 'win1252').split('\r\n')[0]!.split(';');
      expect(header[12], name).toBe(name.slice(22, 30));
    }
    // A fiscal year from July: both invoices fall in 2025/26, one file.
    await call(s.url, '/api/v1/exports/settings', {
      session: cara,
      method: 'PUT',
      json: { fiscal_year_start: 7 },
    });
    const july = await ledger({});
    expect(july.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(iconv.decode(Buffer.from(await july.arrayBuffer()), 'win1252').split('\r\n')[0]).toContain(
      ';20250701;',
    );
    // The request's own start wins over the saved one.
    expect((await ledger({ fiscal_year_start: 1 })).headers.get('content-type')).toBe('application/zip');
  });
});
