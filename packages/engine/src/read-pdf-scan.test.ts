// Scanned PDFs end to end with real pdf.js, sharp and Tesseract on scans made in the test: a
// mixed file OCRs only its pages without a text layer (and charges exactly those), a long scan
// ends with a result or a clear timeout in bounded memory and leaves the engine healthy, and a
// file beyond the page limit is refused before any page is read.
import { describe, expect, it } from 'vitest';
import { readInvoice } from './read-invoice.js';
import { buildPdf } from './test-support/pdf-builder.js';
import { buildScanPdf, SAMPLE_INVOICE_LINES, scanJpeg, textPageImage } from './test-support/scan-pages.js';

const INVOICE = SAMPLE_INVOICE_LINES;
const LETTER =
  'Sehr geehrte Damen und Herren,\nanbei erhalten Sie unsere Unterlagen.\nMit freundlichen Gruessen';

const read = (bytes: Uint8Array, timeoutMs?: number) =>
  readInvoice(bytes, { country: 'de', today: '2025-01-01', ...(timeoutMs ? { timeoutMs } : {}) });

describe('scanned PDFs', () => {
  it('refuses a PDF of more than 100 pages before reading any page', async () => {
    const r = await read(buildPdf({ pages: 101 }));
    expect(r).toMatchObject({ status: 'failed', error: 'too_many_pages', pages: 101, pages_scanned: 0 });
  });

  it('OCRs only the scanned page of a mixed PDF and charges exactly that page', async () => {
    const scan = await scanJpeg(await textPageImage(INVOICE, { dpi: 200 }));
    const r = await read(buildScanPdf([{ text: LETTER }, scan, { text: 'Anlage: Lieferschein' }]));
    expect(r.status).toBe('done');
    expect(r.mode).toBe('ocr');
    expect(r.tried).toEqual(['qr', 'text', 'ocr']);
    expect(r.pages).toBe(3);
    expect(r.pages_scanned).toBe(1);
    expect(r.document?.number).toBe('RE-2024-0815');
    expect(r.document?.provenance.number).toMatchObject({ source: 'ocr', page: 2 });
    expect(r.document?.totals.gross).toBe('119.00');
  }, 60_000);

  it('reads a typed invoice with a scanned enclosure from its text, scanning nothing', async () => {
    const scan = await scanJpeg(await textPageImage(['Lieferschein', 'Position 1: Schrauben'], { dpi: 100 }));
    const r = await read(buildScanPdf([{ text: INVOICE.join('\n') }, scan]));
    expect(r).toMatchObject({ status: 'done', mode: 'text', pages: 2, pages_scanned: 0 });
    expect(r.document?.number).toBe('RE-2024-0815');
  }, 60_000);
});

describe('a 100-page scan', () => {
  // Small pages (2.5 inches square) keep the OCR of 100 of them well inside the default time.
  let pdf: Uint8Array | undefined;
  const hundredPages = async () => {
    if (pdf) return pdf;
    const first = await scanJpeg(
      await textPageImage(['Rechnung Nr. 4711', 'Gesamtbetrag 119,00 EUR'], { dpi: 60, fontPt: 30 }),
    );
    const other = await scanJpeg(await textPageImage(['Anlage'], { dpi: 60, fontPt: 30 }));
    pdf = buildScanPdf([first, ...Array.from({ length: 99 }, () => other)], [180, 180]);
    return pdf;
  };

  it('ends with a result counting every page, or a clear timeout, in bounded memory', async () => {
    const bytes = await hundredPages();
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const r = await read(bytes).finally(() => clearInterval(sampler));
    if (r.status === 'done') expect(r.pages_scanned).toBe(100);
    else expect(r.error).toBe('timeout');
    expect(r.pages).toBe(100);
    // The process (workers included) stays far below what 100 pages held at once would take.
    expect(peak).toBeLessThan(2 * 1024 ** 3);
  }, 180_000);

  it('times out cleanly when given too little time, and the engine reads on afterwards', async () => {
    const r = await read(await hundredPages(), 1_000);
    expect(r).toMatchObject({ status: 'failed', error: 'timeout', pages_scanned: 0 });
    const scan = await scanJpeg(await textPageImage(INVOICE, { dpi: 200 }));
    const after = await read(buildScanPdf([scan]));
    expect(after).toMatchObject({ status: 'done', mode: 'ocr', pages_scanned: 1 });
    expect(after.document?.number).toBe('RE-2024-0815');
  }, 120_000);
});
