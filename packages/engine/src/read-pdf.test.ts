// The PDF path of readInvoice: which pages are scanned for a payment code, and on real files of
// the shared corpus the order of auto mode (embedded XML, QR code, text layer), the QR code joined
// with the text, and the failures of scans and of PDFs without what the mode asks for.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ReadOptions, readInvoice } from './read-invoice.js';
import { qrFailure, qrPages } from './read-pdf.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const file = (rel: string) => new Uint8Array(readFileSync(path.join(corpusDir, rel)));
const read = (rel: string, options: Partial<ReadOptions> = {}) =>
  readInvoice(file(rel), { country: 'de', today: '2025-01-01', ...options });

describe('qrPages', () => {
  it.each([
    [1, [1]],
    [2, [1, 2]],
    [3, [1, 2, 3]],
    [4, [1, 2, 3, 4]],
    [5, [1, 2, 4, 5]],
    [6, [1, 2, 5, 6]],
    [7, [1, 2, 6, 7]],
    [100, [1, 2, 99, 100]],
  ])('%i pages: %j', (count, pages) => {
    expect(qrPages(count)).toEqual(pages);
  });

  it('scans no page of an empty document', () => {
    expect(qrPages(0)).toEqual([]);
  });
});

describe('qrFailure', () => {
  it('names the first invalid payment code', () => {
    const f = qrFailure(
      {
        invalid: [
          { ok: false, error: 'invalid_iban', message: 'checksum' },
          { ok: false, error: 'missing_iban', message: 'no account' },
        ],
        codes: 2,
      },
      3,
    );
    expect(f).toMatchObject({ code: 'invalid_payment_qr', mode: 'qr', pages: 3, tried: ['qr'] });
    expect(f.message).toBe('invalid_iban: checksum');
  });

  it('tells a page without codes from one whose codes are no payment codes', () => {
    expect(qrFailure({ invalid: [], codes: 0 }, 1)).toMatchObject({
      code: 'no_qr_code',
      message: 'no QR code found',
    });
    expect(qrFailure({ invalid: [], codes: 2 }, 1)).toMatchObject({
      code: 'no_qr_code',
      message: 'no QR code here is a payment code',
    });
  });
});

/** The first PDF the manifest lists as a scan (an image-only PDF), if any. */
function scanPdf(): string | undefined {
  const manifest = path.join(corpusDir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return undefined;
  return readFileSync(manifest, 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .find(
      ([rel, category]) =>
        category === 'scan' && rel?.endsWith('.pdf') && existsSync(path.join(corpusDir, rel)),
    )?.[0];
}

describe.skipIf(!existsSync(corpusDir))('readInvoice on PDFs of the corpus', () => {
  describe('a Swiss QR-bill', () => {
    const rel = 'qr/swiss/manuelbl-SwissQRBill/rendered/invoice-01.pdf';
    const payloadFile = path.join(
      corpusDir,
      'qr/swiss/manuelbl-SwissQRBill/decoded/invoice-01.pdf.payloads.json',
    );
    /** The payload's lines (Swiss Payment Standards 2.x: 3 IBAN, 5 creditor, 18 amount, ...). */
    const payload = (): string[] =>
      (JSON.parse(readFileSync(payloadFile, 'utf8')) as string[])[0]!.split('\n');

    it('has the payload the assertions below are written against', () => {
      const p = payload();
      expect([p[0], p[3], p[5], p[18], p[19], p[21], p[27], p[28]]).toEqual([
        'SPC',
        'CH4809000000857573372',
        'Omnia Trading AG',
        '1756.05',
        'CHF',
        'Machina Futura AG',
        'SCOR',
        'RF672021007834',
      ]);
    });

    it('is read from its text layer, joined with its QR code', async () => {
      const r = await read(rel, { country: 'ch' });
      expect(r.status).toBe('done');
      expect(r.file_type).toBe('pdf');
      // An invoice with a text layer is read as text; the code adds its payment data.
      expect(r.mode).toBe('text');
      expect(r.tried).toContain('qr');
      expect(r.tried).toEqual(['qr', 'text']);
      expect(r.pages).toBe(2);
      expect(r.pages_scanned).toBe(0);
      const d = r.document!;
      expect(d.syntax).toBe('swiss-qr+text');
      expect(d.payment.accounts[0]).toMatchObject({
        iban: 'CH4809000000857573372',
        name: 'Omnia Trading AG',
      });
      expect(d.payment.reference).toBe('RF672021007834');
      expect(d.currency).toBe('CHF');
      expect(d.totals.payable).toBe('1756.05');
      expect(d.provenance['payment.accounts.0.iban']).toMatchObject({ source: 'qr', page: 2 });
      expect(d.provenance['payment.reference']!.source).toBe('qr');
      expect(r.fields).toMatchObject({
        seller_iban: 'CH4809000000857573372',
        currency: 'CHF',
        seller_name: 'Omnia Trading AG',
        buyer_name: 'Machina Futura AG',
      });
      // The text layer prints the same account: the code and the page agree.
      expect(r.checks.find((c) => c.id === 'qr.iban')).toMatchObject({ outcome: 'pass' });
    });

    it('is read from its QR code alone in qr mode', async () => {
      const r = await read(rel, { country: 'ch', mode: 'qr' });
      expect(r.status).toBe('done');
      expect(r.mode).toBe('qr');
      expect(r.tried).toEqual(['qr']);
      expect(r.document!.syntax).toBe('swiss-qr');
      expect(r.fields.seller_iban).toBe('CH4809000000857573372');
      expect(r.document!.payment.reference).toBe('RF672021007834');
    });
  });

  it('reads a PDF without embedded XML or QR code from its text layer', async () => {
    const r = await read('textpdf/invoice2data/coolblue1.pdf', { country: 'nl' });
    expect(r.status).toBe('done');
    expect(r.mode).toBe('text');
    expect(r.tried).toEqual(['qr', 'text']);
    expect(r.fields.invoice_no).toBe('993548900');
    expect(r.fields.gross_amount).toBe('717.97');
    expect(r.document!.provenance.number).toMatchObject({ source: 'text', reader: 'pdf-text', page: 1 });
    expect(r.document!.provenance.number!.bbox).toHaveLength(4);
  });

  describe('a hybrid e-invoice', () => {
    const rel = 'einvoice/ferd-zugferd-2.2/EXTENDED_Kostenrechnung.pdf';

    it('is read from its embedded XML in auto mode', async () => {
      const r = await read(rel);
      expect(r.status).toBe('done');
      expect(r.mode).toBe('xml');
      expect(r.tried).toEqual(['xml']);
      expect(r.embedded_file).toBeDefined();
      expect(r.fields.invoice_no).toBe('KR87654321012');
      expect(r.fields.gross_amount).toBe('480.22');
    });

    it('is read from its text layer in text mode, agreeing with the XML', async () => {
      const r = await read(rel, { mode: 'text' });
      expect(r.status).toBe('done');
      expect(r.mode).toBe('text');
      expect(r.tried).toEqual(['text']);
      expect(r.embedded_file).toBeUndefined();
      expect(r.document!.syntax).toBe('text');
      expect(r.fields.invoice_no).toBe('KR87654321012');
      expect(r.fields.gross_amount).toBe('480.22');
    });

    it('fails qr mode with no_qr_code', async () => {
      const r = await read(rel, { mode: 'qr' });
      expect(r).toMatchObject({
        status: 'failed',
        error: 'no_qr_code',
        mode: 'qr',
        tried: ['qr'],
        document: null,
      });
    });
  });

  it('reads an image-only scan by OCR after looking for a QR code, and counts its pages', async () => {
    const rel = scanPdf();
    expect(rel).toBeDefined();
    const truth = JSON.parse(readFileSync(path.join(corpusDir, `${rel}.truth.json`), 'utf8'));
    const r = await read(rel!);
    expect(r.status).toBe('done');
    expect(r.mode).toBe('ocr');
    expect(r.tried).toEqual(['qr', 'ocr']);
    expect(r.pages).toBeGreaterThan(0);
    expect(r.pages_scanned).toBe(r.pages);
    expect(r.document?.provenance.number?.source).toBe('ocr');
    // What reaches fields is what the scan says (an unsure value stays out, never a wrong one).
    for (const key of ['invoice_no', 'invoice_date', 'gross_amount'] as const) {
      if (r.fields[key]) expect(r.fields[key]).toBe(truth[key]);
    }
  }, 60_000);

  it('fails a PDF with neither payment code nor invoice text, having tried both', async () => {
    const r = await read('qr/swiss/smartive-swiss-qr-bill-decoder/images/none.pdf', { country: 'ch' });
    expect(r.status).toBe('failed');
    expect(r.error).toBe('not_an_invoice');
    expect(r.mode).toBe('qr');
    expect(r.tried).toEqual(['qr', 'text']);
    expect(r.message).toContain('no QR code found');
  });

  it('fails qr mode on a PDF without a code with no_qr_code', async () => {
    const none = await read('qr/swiss/smartive-swiss-qr-bill-decoder/images/none.pdf', {
      country: 'ch',
      mode: 'qr',
    });
    expect(none).toMatchObject({ status: 'failed', error: 'no_qr_code', mode: 'qr', tried: ['qr'] });
    const text = await read('textpdf/invoice2data/coolblue1.pdf', { country: 'nl', mode: 'qr' });
    expect(text).toMatchObject({
      status: 'failed',
      error: 'no_qr_code',
      mode: 'qr',
      tried: ['qr'],
      pages: 1,
    });
  });

  it('fails xml mode on a PDF without an embedded invoice', async () => {
    const r = await read('textpdf/invoice2data/coolblue1.pdf', { country: 'nl', mode: 'xml' });
    expect(r).toMatchObject({ status: 'failed', error: 'no_embedded_invoice', mode: 'xml', tried: ['xml'] });
  });
});
