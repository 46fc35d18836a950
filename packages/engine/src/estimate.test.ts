import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateRead } from './estimate.js';
import { keptQrScans } from './qr/kept-scans.js';
import { readInvoice } from './read-invoice.js';
import { buildPdf } from './test-support/pdf-builder.js';
import { CII_D16B } from './test-support/samples.js';
import { buildScanPdf, SAMPLE_INVOICE_LINES, scanJpeg } from './test-support/scan-pages.js';

const corpusDir = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/corpus');
const SWISS = 'qr/swiss/smartive-swiss-qr-bill-decoder/images';
const QR_FILES = [
  `${SWISS}/six_examples/02.png`,
  `${SWISS}/full.jpg`,
  'qr/epc/timueh-py-epc-qr/qr_version_001.png',
  `${SWISS}/double.pdf`,
  'qr/swiss/manuelbl-SwissQRBill/rendered/qrcode_quiet_zone.pdf',
];
const SCAN_PNG = 'scans/ferd-zugferd-2.0/zugferd_2p0_MINIMUM.png';
const haveCorpus = [...QR_FILES, SCAN_PNG].every((f) => existsSync(path.join(corpusDir, f)));
const corpus = (rel: string) => new Uint8Array(readFileSync(path.join(corpusDir, rel)));

const INVOICE_TEXT = 'Rechnung Nr. 2024-17\nRechnungsdatum 14.03.2024\nGesamtbetrag 119,00 EUR';

describe('estimateRead', () => {
  it('refuses empty and unknown files at once', async () => {
    expect(await estimateRead(new Uint8Array())).toMatchObject({ error: 'empty_file', pagesToScan: 0 });
    expect(await estimateRead(Buffer.from('just some words'))).toMatchObject({
      error: 'unsupported_file_type',
    });
  });

  it('charges nothing for XML and for a PDF with an embedded invoice', async () => {
    expect(await estimateRead(Buffer.from(CII_D16B))).toEqual({ fileType: 'xml', pages: 0, pagesToScan: 0 });
    const hybrid = buildPdf({
      pages: 2,
      text: '',
      attachments: [{ name: 'factur-x.xml', content: CII_D16B }],
    });
    expect(await estimateRead(hybrid)).toEqual({ fileType: 'pdf', pages: 2, pagesToScan: 0 });
  });

  it('reserves nothing for a PDF whose embedded invoice does not read: its read fails, unscanned', async () => {
    const broken = buildPdf({
      pages: 2,
      text: '',
      attachments: [{ name: 'factur-x.xml', content: CII_D16B.slice(0, CII_D16B.length / 2) }],
    });
    for (const country of [undefined, 'DE'])
      expect(await estimateRead(broken, { country })).toEqual({ fileType: 'pdf', pages: 2, pagesToScan: 0 });
    const read = await readInvoice(broken, { country: 'DE' });
    expect(read).toMatchObject({
      status: 'failed',
      error: 'malformed_xml',
      tried: ['xml'],
      pages_scanned: 0,
    });
  });

  it('counts the pages without a usable text layer', async () => {
    expect(await estimateRead(buildPdf({ pages: 3, text: INVOICE_TEXT }))).toEqual({
      fileType: 'pdf',
      pages: 3,
      pagesToScan: 0,
    });
    expect(await estimateRead(buildPdf({ pages: 3, text: '' }))).toEqual({
      fileType: 'pdf',
      pages: 3,
      pagesToScan: 3,
    });
  });

  it('counts an image as one page and refuses a PDF over 100 pages', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await estimateRead(png)).toEqual({ fileType: 'png', pages: 1, pagesToScan: 1 });
    expect(await estimateRead(buildPdf({ pages: 101, text: '' }))).toMatchObject({
      error: 'too_many_pages',
      pages: 101,
    });
  });

  it('reserves nothing for a PDF whose text pages make the invoice beside a scanned page, as it is read', async () => {
    const white = { width: 400, height: 560, channels: 3 as const, background: '#ffffff' };
    const blank = await scanJpeg(await sharp({ create: white }).png().toBuffer());
    const pdf = buildScanPdf([{ text: SAMPLE_INVOICE_LINES.join('\n') }, blank]);
    expect(await estimateRead(pdf, { country: 'DE' })).toEqual({ fileType: 'pdf', pages: 2, pagesToScan: 0 });
    expect(await readInvoice(pdf, { country: 'DE' })).toMatchObject({
      status: 'done',
      mode: 'text',
      pages_scanned: 0,
    });
    // Without the country the text is not read, and the scanned page stays an upper bound.
    expect(await estimateRead(pdf)).toEqual({ fileType: 'pdf', pages: 2, pagesToScan: 1 });
  });
});

describe.skipIf(!haveCorpus)('estimateRead of a payment QR code (decisions §7: never charged)', () => {
  // The search's bound (QR_SEARCH_MS, 5 s) is a service's answer time; on a machine busy with
  // other work the search may need longer, and these tests are about what it finds. The bound
  // itself is the last test's. A longer qrTimeoutMs alone lengthens it (no timeoutMs: the service's
  // QR_SEARCH_MS setting passes only this).
  const found = { country: 'CH', qrTimeoutMs: 120_000 };

  it.each(QR_FILES)('reserves nothing for %s, which the read takes from its code', async (rel) => {
    const bytes = corpus(rel);
    const kept = keptQrScans();
    const estimate = await estimateRead(bytes, found);
    expect(estimate.pagesToScan).toBe(0);
    // The search is kept for the read, which takes it and decides as the estimate did.
    expect(keptQrScans()).toBe(kept + 1);
    const read = await readInvoice(bytes, { country: 'CH' });
    expect(read).toMatchObject({ status: 'done', mode: 'qr', pages_scanned: 0 });
    expect(keptQrScans()).toBe(kept);
  });

  it('finds the code on a scanned PDF page, in the pixels the read searches', async () => {
    // The picture (1214 × 720 pixels) on a page of its shape, at about 150 dpi.
    const page = await scanJpeg(Buffer.from(corpus(`${SWISS}/six_examples/02.png`)));
    const pdf = buildScanPdf([{ text: 'Begleitschreiben' }, page], [583, 346]);
    expect(await estimateRead(pdf, found)).toEqual({ fileType: 'pdf', pages: 2, pagesToScan: 0 });
    expect(await readInvoice(pdf, { country: 'CH' })).toMatchObject({ mode: 'qr', pages_scanned: 0 });
  });

  it('reserves the page of a scan without a code, and of a code it had no time to look for', async () => {
    expect(await estimateRead(corpus(SCAN_PNG), { country: 'DE' })).toEqual({
      fileType: 'png',
      pages: 1,
      pagesToScan: 1,
    });
    // Past its bound the search does not hold the submission up: the page is reserved, as before.
    const qr = corpus(QR_FILES[0]!);
    expect(await estimateRead(qr, { country: 'CH', qrTimeoutMs: 1 })).toEqual({
      fileType: 'png',
      pages: 1,
      pagesToScan: 1,
    });
    expect((await readInvoice(qr, { country: 'CH' })).mode).toBe('qr');
  });
});
