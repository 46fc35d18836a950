import { afterAll, describe, expect, it } from 'vitest';
import { estimateRead } from '../estimate.js';
import { ocrRating } from '../ocr/ocr-page.js';
import { keptLayers } from '../pdf/layers-cache.js';
import { CONFIDENCE_BAR } from '../project/field-sets.js';
import { readInvoice } from '../read-invoice.js';
import { readOcrPages, readOcrPagesOffThread } from '../read-ocr.js';
import { ocrPage, ocrWord } from '../test-support/ocr-pages.js';
import { buildPdf } from '../test-support/pdf-builder.js';
import { CII_D16B } from '../test-support/samples.js';
import { readXmlInvoice } from '../xml/read-xml.js';
import { runReadTask, shutdownReadWorkers } from './read-tasks.js';
import { shutdownWorkers } from './shutdown.js';

// The pdf.js half of estimating and reading a PDF runs in the read workers: the thread that asks
// (a server's event loop) never loads pdf.js, and the answers are the same plain data.
afterAll(() => shutdownWorkers());

const INVOICE_TEXT = 'Rechnung Nr. 2024-17\nRechnungsdatum 14.03.2024\nGesamtbetrag 119,00 EUR';
/** pdf.js sets this global when it is loaded into a thread. */
const pdfJsHere = () => 'pdfjsLib' in globalThis;

describe('read workers', () => {
  it('estimate and read a text PDF without loading pdf.js on the calling thread', async () => {
    const pdf = buildPdf({ pages: 2, text: INVOICE_TEXT });
    expect(await estimateRead(pdf)).toEqual({ fileType: 'pdf', pages: 2, pagesToScan: 0 });
    const r = await readInvoice(pdf, { country: 'de' });
    expect(r).toMatchObject({ status: 'done', mode: 'text', pages: 2, pages_scanned: 0 });
    expect(r.document?.number).toBe('2024-17');
    expect(pdfJsHere()).toBe(false);
  });

  it('hand back the embedded invoice, or the text layer, as the mode asks', async () => {
    const hybrid = buildPdf({
      pages: 1,
      text: INVOICE_TEXT,
      attachments: [{ name: 'factur-x.xml', content: CII_D16B }],
    });
    const auto = await runReadTask(
      { kind: 'pdf-layers', bytes: hybrid, mode: 'auto', country: 'de' },
      60_000,
    );
    expect(auto).toMatchObject({ pages: 1, text: [], xml: { embeddedFile: 'factur-x.xml' } });
    expect(auto.xml?.document.number).toBeTruthy();
    const text = await runReadTask(
      { kind: 'pdf-layers', bytes: hybrid, mode: 'text', country: 'de' },
      60_000,
    );
    expect(text.xml).toBeUndefined();
    expect(text.text).toHaveLength(1);
    expect(text.text[0]?.usable).toBe(true);
    expect(text.textDoc?.number).toBe('2024-17');
    const qr = await runReadTask({ kind: 'pdf-layers', bytes: hybrid, mode: 'qr', country: 'de' }, 60_000);
    expect(qr).toEqual({ pages: 1, text: [] });
    expect(pdfJsHere()).toBe(false);
  });

  it('answer a broken PDF with its error code, and the estimate with nothing to charge', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage');
    expect(await estimateRead(broken)).toEqual({ fileType: 'pdf', pages: 0, pagesToScan: 0 });
    const r = await readInvoice(broken, { country: 'de' });
    expect(r).toMatchObject({ status: 'failed', error: 'malformed_pdf', pages_scanned: 0 });
    await expect(
      runReadTask({ kind: 'pdf-layers', bytes: broken, mode: 'auto', country: 'de' }, 60_000),
    ).rejects.toMatchObject({ code: 'malformed_pdf' });
  });

  it('refuse a PDF over 100 pages from its page count', async () => {
    const long = buildPdf({ pages: 101, text: INVOICE_TEXT });
    expect(await estimateRead(long)).toMatchObject({ error: 'too_many_pages', pages: 101 });
    expect(await readInvoice(long, { country: 'de' })).toMatchObject({
      status: 'failed',
      error: 'too_many_pages',
      pages: 101,
    });
  });

  it('estimate with the country as without it, and keep the parse for the read that follows', async () => {
    const files = [
      buildPdf({ pages: 2, text: INVOICE_TEXT }),
      buildPdf({ pages: 1, text: '' }),
      buildPdf({ pages: 1, text: '', attachments: [{ name: 'factur-x.xml', content: CII_D16B }] }),
      buildPdf({ pages: 1, text: '', attachments: [{ name: 'factur-x.xml', content: '<not-an-invoice/>' }] }),
    ];
    for (const pdf of files) {
      const plain = await readInvoice(pdf, { country: 'de' });
      const before = keptLayers();
      expect(await estimateRead(pdf, { country: 'de' })).toEqual(await estimateRead(pdf));
      expect(keptLayers()).toBe(before + 1);
      // Another country's read parses again and leaves the kept layers alone.
      expect((await readInvoice(pdf, { country: 'it' })).status).toBe(plain.status);
      expect(keptLayers()).toBe(before + 1);
      const cached = await readInvoice(pdf, { country: 'de' });
      expect(keptLayers()).toBe(before);
      expect({ ...cached, ms: 0 }).toEqual({ ...plain, ms: 0 });
    }
    expect(pdfJsHere()).toBe(false);
  });

  it('end a parse that runs out of time with its worker: the estimate charges nothing, the pool goes on', async () => {
    const pdf = buildPdf({ pages: 1, text: '' });
    // A fresh pool: starting a worker and loading pdf.js alone take far longer than 1 ms.
    await shutdownReadWorkers();
    await expect(
      runReadTask({ kind: 'pdf-layers', bytes: pdf, mode: 'auto', country: 'de' }, 1),
    ).rejects.toMatchObject({ code: 'timeout' });
    await shutdownReadWorkers();
    expect(await estimateRead(pdf, { timeoutMs: 1 })).toEqual({ fileType: 'pdf', pages: 0, pagesToScan: 0 });
    expect(await estimateRead(pdf)).toEqual({ fileType: 'pdf', pages: 1, pagesToScan: 1 });
  });

  it('parse an XML e-invoice as this thread would, and answer a broken one with its code', async () => {
    const xml = new TextEncoder().encode(CII_D16B);
    expect(await runReadTask({ kind: 'read-xml', bytes: xml }, 60_000)).toEqual(readXmlInvoice(xml));
    const broken = new TextEncoder().encode(CII_D16B.slice(0, 400));
    await expect(runReadTask({ kind: 'read-xml', bytes: broken }, 60_000)).rejects.toMatchObject({
      code: 'malformed_xml',
    });
    expect(await readInvoice(broken, { country: 'de' })).toMatchObject({
      status: 'failed',
      error: 'malformed_xml',
      mode: 'xml',
    });
  });

  it("read the invoice on OCR'd pages as this thread does, confidences capped alike", async () => {
    const pages = [
      ocrPage(
        [ocrWord('Rechnung', [0.1, 0.1, 0.2, 0.115], 0.96), ocrWord('Nr.', [0.21, 0.1, 0.24, 0.115], 0.95)],
        [ocrWord('2024-17', [0.25, 0.1, 0.33, 0.115], 0.71)],
        [
          ocrWord('Rechnungsdatum', [0.1, 0.13, 0.25, 0.145], 0.94),
          ocrWord('14.03.2024', [0.26, 0.13, 0.36, 0.145], 0.93),
        ],
        [
          ocrWord('Gesamtbetrag', [0.1, 0.16, 0.22, 0.175], 0.95),
          ocrWord('119,00', [0.6, 0.16, 0.68, 0.175], 0.92),
        ],
      ),
    ];
    const here = readOcrPages(pages, 'DE');
    const there = await readOcrPagesOffThread(pages, { country: 'DE', deadline: Date.now() + 60_000 });
    expect(there).toEqual(here);
    expect(there.issue_date).toBe('2024-03-14');
    expect(there.provenance.issue_date).toMatchObject({ source: 'ocr' });
    // The OCR ratings come along: how surely the reading found the number, how surely OCR saw it.
    expect(ocrRating(there, 'number')).toEqual(ocrRating(here, 'number'));
    expect(ocrRating(there, 'number')?.ocr).toBeLessThan(CONFIDENCE_BAR);
  });
});
