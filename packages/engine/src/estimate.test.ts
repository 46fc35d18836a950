import { describe, expect, it } from 'vitest';
import { estimateRead } from './estimate.js';
import { readInvoice } from './read-invoice.js';
import { buildPdf } from './test-support/pdf-builder.js';
import { CII_D16B } from './test-support/samples.js';

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
});
