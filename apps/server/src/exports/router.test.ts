import path from 'node:path';
import { E_INVOICE_FORMATS } from '@invoice-reader/contract';
import { readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { EXPORT_FORMATS } from '@invoice-reader/exports';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusDir,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  type TestSession,
  waitFor,
} from '../test-support/server.js';
import { sqlRow, sqlRows } from '../test-support/sql.js';

let s: TestServer;
let anna: TestSession;
let bob: TestSession;
let jobId: number;
const KOSIT_UBL = 'kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml';

beforeAll(async () => {
  s = await startTestServer();
  anna = await s.session('anna@example.com');
  bob = await s.session('bob@example.com');
});
afterAll(async () => {
  await s.stop();
  await shutdownWorkers();
});

const fetchFile = (path: string, init: RequestInit & { session?: TestSession } = {}) =>
  fetch(s.url + path, {
    ...init,
    headers: {
      ...(init.session ? { cookie: init.session.cookie, origin: s.publicUrl } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });

describe.skipIf(!haveCorpus)('exports', () => {
  beforeAll(async () => {
    // The Factur-X sample without its deliver-to party: an intra-community supply (VAT category
    // K on a charge) that names no deliver-to country, which no one but the seller can give.
    const noDeliverTo = corpusFile(SAMPLE_XML)
      .toString('utf8')
      .replace(/<ram:ShipToTradeParty>[\s\S]*?<\/ram:ShipToTradeParty>/, '');
    const up = await call(s.url, '/api/v1/parse/upload', {
      session: anna,
      body: form(Buffer.from(noDeliverTo)),
    });
    jobId = up.body.job_id;
    await waitFor(
      async () => (await call(s.url, `/api/v1/parse/${jobId}`, { session: anna })).body.status === 'done',
      'the job to be read',
    );
  });

  it('writes DATEV for chosen jobs and for one job, with file name and type', async () => {
    const many = await fetchFile('/api/v1/exports/ledger-de', {
      method: 'POST',
      session: anna,
      body: JSON.stringify({ job_ids: [jobId], consultant_no: '1001', client_no: '7' }),
    });
    expect(many.status).toBe(200);
    expect(many.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(many.headers.get('content-disposition')).toMatch(
      /^attachment; filename="EXTF_Buchungsstapel_\d{8}\.csv"$/,
    );
    const text = iconv.decode(Buffer.from(await many.arrayBuffer()), 'win1252');
    expect(text.split('\r\n')[0]).toMatch(
      /^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"InvoiceReader";"";1001;7;20260101;/,
    );
    expect(text).toContain('"F20260023"');
    const one = await fetchFile(`/api/v1/parse/${jobId}/export/ledger-de?account=1600&contra_account=3400`, {
      session: anna,
    });
    const oneText = iconv.decode(Buffer.from(await one.arrayBuffer()), 'win1252');
    expect(oneText.split('\r\n')[2]).toMatch(/^[\d,]+;"S";"EUR";;;;1600;3400;/);
    // Every done job when none is named.
    expect((await fetchFile('/api/v1/exports/ledger-de', { method: 'POST', session: anna })).status).toBe(
      200,
    );
  });

  it('writes XRechnung CII, or lists what the invoice lacks for it', async () => {
    // The sample's intra-community supply names no deliver-to country: it is refused, naming
    // it, rather than written wrong; it is not something a person can type in here.
    const r = await call(s.url, `/api/v1/parse/${jobId}/export/xrechnung-cii`, { session: anna });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: { type: string; loc: unknown[] }) => [d.type, d.loc])).toEqual([
      ['export_refused', ['job', jobId, 'vat_breakdown.3']],
    ]);
    expect(r.body.detail.every((d: { ctx: object }) => !('input' in d.ctx))).toBe(true);
    expect((await call(s.url, `/api/v1/parse/${jobId}/export/zzz`, { session: anna })).status).toBe(422);
    expect((await call(s.url, `/api/v1/parse/${jobId}/export/xrechnung-cii`, { session: bob })).status).toBe(
      404,
    );
  });

  it('writes XRechnung UBL and Peppol UBL, and refuses FatturaPA for an invoice without an Italian party', async () => {
    const up = await call(s.url, '/api/v1/parse/upload', {
      session: anna,
      body: form(corpusFile(SAMPLE_XML.replace(/akretion-factur-x\/.*$/, KOSIT_UBL))),
    });
    const id = up.body.job_id as number;
    await waitFor(
      async () => (await call(s.url, `/api/v1/parse/${id}`, { session: anna })).body.status === 'done',
      'the KoSIT case to be read',
    );
    // Peppol takes participant ids, not the case's e-mail addresses: the answer asks for both, as
    // form fields; given as corrections of the job, the next export is written.
    const asked = await call(s.url, `/api/v1/parse/${id}/export/peppol-ubl`, { session: anna });
    expect(asked.status).toBe(422);
    const inputs = asked.body.detail.map(
      (d: { ctx: { input?: { key: string; kind: string } } }) => d.ctx.input,
    );
    expect(inputs).toEqual([
      expect.objectContaining({
        key: 'seller_electronic_address',
        kind: 'electronic_address',
        term: 'BT-34',
      }),
      expect.objectContaining({ key: 'buyer_electronic_address', kind: 'electronic_address', term: 'BT-49' }),
    ]);
    // In the account's language (Russian, the default of a new account).
    expect(inputs[0].label).toBe('Электронный адрес продавца');
    const patched = await call(s.url, `/api/v1/parse/${id}/fields`, {
      session: anna,
      method: 'PATCH',
      json: { seller_electronic_address: '0088:4000001000005', buyer_electronic_address: '9930:DE136695976' },
    });
    expect(patched.status).toBe(200);
    for (const [format, root] of [
      ['xrechnung-ubl', 'urn:xeinkauf.de:kosit:xrechnung_3.0'],
      ['peppol-ubl', 'urn:fdc:peppol.eu:2017:poacc:billing:3.0'],
    ] as const) {
      const r = await fetchFile(`/api/v1/parse/${id}/export/${format}`, { session: anna });
      expect(r.status, format).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.xml"$/);
      const xml = await r.text();
      expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
      expect(xml).toContain(root);
      expect(xml).toContain('<cbc:EndpointID schemeID="0088">4000001000005</cbc:EndpointID>');
      expect(xml).toContain('entered by a person: BT-34, BT-49');
    }
    const it = await call(s.url, `/api/v1/parse/${id}/export/fatturapa`, { session: anna });
    expect(it.status).toBe(422);
    expect(it.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'export_refused', loc: ['job', id, 'seller_address'] }),
      ]),
    );
  });

  it('writes the ledger-ru CSV', async () => {
    const r = await fetchFile('/api/v1/exports/ledger-ru', {
      method: 'POST',
      session: anna,
      body: JSON.stringify({ job_ids: [jobId] }),
    });
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('31.01.2026;F20260023;LE FOURNISSEUR');
  });

  it('refuses what DATEV cannot take, naming the job and the field', async () => {
    // A person cleared nothing, but the job's gross is made unsure here, as an OCR read would leave it.
    const row = (await sqlRow(s.db, 'select result from jobs where id = ?', jobId)) as { result: string };
    const result = JSON.parse(row.result);
    const up = await call(s.url, '/api/v1/parse/upload', {
      session: anna,
      body: form(Buffer.from(corpusFile(SAMPLE_XML).toString('utf8').replace('F20260023', 'F20260024'))),
    });
    await waitFor(
      async () =>
        (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session: anna })).body.status === 'done',
      'the second job',
    );
    await sqlRows(
      s.db,
      'update jobs set result = ? where id = ?',
      JSON.stringify({ ...result, fields: { ...result.fields, gross_amount: '' } }),
      up.body.job_id,
    );
    const r = await call(s.url, '/api/v1/exports/ledger-de', {
      session: anna,
      json: { job_ids: [jobId, up.body.job_id] },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([
      expect.objectContaining({ type: 'export_refused', loc: ['job', up.body.job_id, 'gross_amount'] }),
    ]);
  });

  it('answers 404 for another account, 422 for bad parameters, 401 and 403 without a proper session', async () => {
    expect(
      (await call(s.url, '/api/v1/exports/ledger-de', { session: bob, json: { job_ids: [jobId] } })).body,
    ).toEqual({
      detail: 'job_not_found',
    });
    expect((await call(s.url, `/api/v1/parse/${jobId}/export/ledger-de`, { session: bob })).status).toBe(404);
    expect((await call(s.url, '/api/v1/exports/ledger-de', { session: bob, method: 'POST' })).body).toEqual({
      detail: 'no_jobs',
    });
    for (const body of [
      { job_ids: Array.from({ length: 501 }, (_, i) => i) },
      { account: '12345678901' },
      { consultant_no: 'x'.repeat(21) },
    ])
      expect((await call(s.url, '/api/v1/exports/ledger-de', { session: anna, json: body })).status).toBe(
        422,
      );
    expect((await call(s.url, '/api/v1/exports/ledger-ru', { method: 'POST' })).status).toBe(401);
    const csrf = await call(s.url, '/api/v1/exports/ledger-ru', {
      method: 'POST',
      headers: { cookie: anna.cookie },
    });
    expect(csrf.body).toEqual({ detail: 'csrf_origin' });
  });

  describe('e-invoices', () => {
    // A KoSIT XRechnung (XML) and a ZUGFeRD 2.3 EN 16931 hybrid PDF of two pages: both can be written.
    const KOSIT = path.join(
      corpusDir,
      'einvoice/kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml',
    );
    const ZUGFERD = path.join(corpusDir, 'einvoice/ferd-zugferd-2.3.3/EN16931_Einfach.pdf');
    let xmlJob: number;
    let pdfJob: number;
    const upload = async (file: string) => {
      const up = await call(s.url, '/api/v1/parse/upload', { session: anna, body: form(corpusFile(file)) });
      await waitFor(
        async () =>
          (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session: anna })).body.status === 'done',
        'the upload to be read',
      );
      return up.body.job_id as number;
    };
    beforeAll(async () => {
      xmlJob = await upload(KOSIT);
      pdfJob = await upload(ZUGFERD);
    });

    it('names in the contract exactly the formats the registry writes', () => {
      expect(Object.keys(EXPORT_FORMATS).sort()).toEqual([...E_INVOICE_FORMATS].sort());
    });

    it("writes Factur-X on the uploaded PDF's pages, and on a drawn page for an XML upload", async () => {
      const r = await fetchFile(`/api/v1/parse/${pdfJob}/export/facturx`, { session: anna });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('content-disposition')).toBe('attachment; filename="factur-x-471102.pdf"');
      // The profile written is said: the invoice has its lines, so EN 16931.
      expect(r.headers.get('x-export-profile')).toBe('Factur-X EN 16931');
      const pdf = Buffer.from(await r.arrayBuffer());
      const back = await readInvoice(pdf, { country: 'de' });
      expect([back.status, back.embedded_file, back.pages]).toEqual(['done', 'factur-x.xml', 2]);
      const stored = (await call(s.url, `/api/v1/parse/${pdfJob}`, { session: anna })).body;
      expect(back.fields.invoice_no).toBe(stored.fields.invoice_no);

      const drawn = await fetchFile(`/api/v1/parse/${xmlJob}/export/facturx`, { session: anna });
      expect(drawn.status).toBe(200);
      const drawnBack = await readInvoice(Buffer.from(await drawn.arrayBuffer()), { country: 'de' });
      expect([drawnBack.status, drawnBack.embedded_file, drawnBack.pages]).toEqual([
        'done',
        'factur-x.xml',
        1,
      ]);

      const xml = await fetchFile(`/api/v1/parse/${xmlJob}/export/xrechnung-cii`, { session: anna });
      expect(xml.status).toBe(200);
      expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(xml.headers.get('content-disposition')).toBe('attachment; filename="xrechnung-123456XX.xml"');
      expect(xml.headers.get('x-export-profile')).toBeNull();
    });

    it('zips one file per job and lists the refused ones in refused.txt', async () => {
      const r = await fetchFile('/api/v1/exports/facturx', {
        method: 'POST',
        session: anna,
        body: JSON.stringify({ job_ids: [xmlJob, pdfJob, jobId] }),
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/zip');
      expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="facturx-\d{8}\.zip"$/);
      expect(r.headers.get('x-export-profile')).toBe('Factur-X EN 16931');
      const entries = unzipSync(new Uint8Array(await r.arrayBuffer()));
      expect(Object.keys(entries).sort()).toEqual([
        'factur-x-123456XX.pdf',
        'factur-x-471102.pdf',
        'refused.txt',
      ]);
      for (const name of ['factur-x-123456XX.pdf', 'factur-x-471102.pdf']) {
        const back = await readInvoice(entries[name]!, { country: 'de' });
        expect([back.status, back.embedded_file], name).toEqual(['done', 'factur-x.xml']);
      }
      // The sample's intra-community supply without a deliver-to country: refused, one line.
      expect(
        Buffer.from(entries['refused.txt']!)
          .toString('utf8')
          .split('\n')
          .map((l) => l.split(': ').slice(0, 2).join(': ')),
      ).toEqual([`job ${jobId}: vat_breakdown.3`, '']);
    });

    it("names a FatturaPA safely, in the header and in the zip, whatever the seller's IdCodice holds", async () => {
      // The seller's IdFiscaleIVA is the supplier's to write, and FatturaPA's file name is built from it.
      const FPR01 = path.join(corpusDir, 'einvoice/fatturapa-official/IT01234567890_FPR01.xml');
      const sample = corpusFile(FPR01).toString('utf8');
      const withSellerId = (code: string) => {
        const xml = sample.replace(
          /(<CedentePrestatore>\s*<DatiAnagrafici>\s*<IdFiscaleIVA>\s*<IdPaese>IT<\/IdPaese>\s*<IdCodice>)01234567890(?=<\/IdCodice>)/,
          `$1${code}`,
        );
        expect(xml).toContain(`<IdCodice>${code}</IdCodice>`);
        return Buffer.from(xml, 'utf8');
      };
      const upload = async (bytes: Buffer) => {
        const up = await call(s.url, '/api/v1/parse/upload', {
          session: anna,
          body: form(bytes, { country: 'it' }),
        });
        await waitFor(
          async () =>
            (await call(s.url, `/api/v1/parse/${up.body.job_id}`, { session: anna })).body.status === 'done',
          'the FatturaPA to be read',
        );
        return up.body.job_id as number;
      };
      const plain = await upload(withSellerId('01234567891'));
      const hostile: number[] = [];
      for (const code of ['0123€4567890', '01234567890";x="y', '/../../../../tmp/evil'])
        hostile.push(await upload(withSellerId(code)));
      const progressive = (id: number) => String(id).padStart(5, '0').slice(-5);

      const one = await fetchFile(`/api/v1/parse/${plain}/export/fatturapa`, { session: anna });
      expect(one.status).toBe(200);
      expect(one.headers.get('content-disposition')).toBe(
        `attachment; filename="IT01234567891_${progressive(plain)}.xml"`,
      );
      // An IdCodice the SdI would not take is refused by the writer (nothing is made of it), and
      // so reaches neither a header nor a zip entry.
      for (const id of hostile) {
        const r = await fetchFile(`/api/v1/parse/${id}/export/fatturapa`, { session: anna });
        expect(r.status, String(id)).toBe(422);
        expect(r.headers.get('content-disposition')).toBeNull();
        expect(await r.text()).toContain('seller_vat_id');
      }

      const r = await fetchFile('/api/v1/exports/fatturapa', {
        method: 'POST',
        session: anna,
        body: JSON.stringify({ job_ids: [plain, ...hostile] }),
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="fatturapa-\d{8}\.zip"$/);
      const entries = unzipSync(new Uint8Array(await r.arrayBuffer()));
      expect(Object.keys(entries).sort()).toEqual([`IT01234567891_${progressive(plain)}.xml`, 'refused.txt']);
      const refused = Buffer.from(entries['refused.txt']!).toString('utf8');
      for (const id of hostile) expect(refused).toContain(`job ${id}: seller_vat_id:`);
    });

    it('answers 422 naming every job and field when none can be written, 404 and 422 as the others', async () => {
      const none = await call(s.url, '/api/v1/exports/xrechnung-cii', {
        session: anna,
        json: { job_ids: [jobId] },
      });
      expect(none.status).toBe(422);
      expect(none.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
        ['job', jobId, 'vat_breakdown.3'],
      ]);
      expect(
        (await call(s.url, '/api/v1/exports/zzz', { session: anna, json: { job_ids: [xmlJob] } })).status,
      ).toBe(422);
      expect(
        (
          await call(s.url, '/api/v1/exports/facturx', {
            session: anna,
            json: { job_ids: Array.from({ length: 501 }, (_, i) => i) },
          })
        ).status,
      ).toBe(422);
      expect(
        (await call(s.url, '/api/v1/exports/facturx', { session: bob, json: { job_ids: [pdfJob] } })).body,
      ).toEqual({ detail: 'job_not_found' });
      expect((await call(s.url, `/api/v1/parse/${pdfJob}/export/facturx`, { session: bob })).status).toBe(
        404,
      );
    });
  });
});
