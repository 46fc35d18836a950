// The scan work of a page worker, run in this thread: a page searched for a QR code and OCR'd is
// rendered once, OCR covers exactly the pages asked for, and a damaged page fails clearly; run in
// the pool, its pages read by two workers come back the same and still rendered once.
import { afterAll, describe, expect, it } from 'vitest';
import { tesseractLangs } from '../ocr/models.js';
import { buildScanPdf, scanJpeg, textPageImage } from '../test-support/scan-pages.js';
import { runPageTask, shutdownPageWorkers } from './page-tasks.js';
import { scanPdf } from './scan-pdf.js';

const langs = tesseractLangs('de');

describe('scanPdf', () => {
  afterAll(shutdownPageWorkers);

  it('renders each page once for the code search and the OCR', async () => {
    const scan = await scanJpeg(await textPageImage(['Rechnung Nr. 4711'], { dpi: 100, fontPt: 20 }));
    const bytes = buildScanPdf([scan, { text: 'Seite 2' }, scan]);
    const r = await scanPdf({
      kind: 'scan-pdf',
      bytes,
      qrPages: [3, 2, 1],
      ocrPages: [1, 3],
      langs,
      stopOnPaymentQr: true,
    });
    expect(r.rendered).toBe(3);
    expect(r.codes).toEqual([]);
    expect(r.pages.map((p) => p.page)).toEqual([1, 3]);
    const words = r.pages[0]!.lines.flatMap((l) => l.words.map((w) => w.text));
    expect(words).toContain('4711');
  }, 60_000);

  it('renders the pages only OCR needs once, and none it does not need', async () => {
    const scan = await scanJpeg(await textPageImage(['Anlage'], { dpi: 50 }));
    const bytes = buildScanPdf([scan, scan, scan, scan]);
    const r = await scanPdf({
      kind: 'scan-pdf',
      bytes,
      qrPages: [],
      ocrPages: [2, 3],
      langs,
      stopOnPaymentQr: false,
    });
    expect(r.rendered).toBe(2);
    expect(r.pages.map((p) => p.page)).toEqual([2, 3]);
  }, 60_000);

  it('reads the same pages in the pool, every other one offered to another worker, each rendered once', async () => {
    const page = (n: string) =>
      textPageImage([`Rechnung Nr. ${n}`, 'Summe 119,00 EUR'], { dpi: 100, fontPt: 20 });
    const bytes = buildScanPdf([
      await scanJpeg(await page('4711')),
      await scanJpeg(await page('4712')),
      await scanJpeg(await page('4713')),
    ]);
    const task = {
      kind: 'scan-pdf' as const,
      bytes,
      qrPages: [3, 2, 1],
      ocrPages: [1, 2, 3],
      langs,
      stopOnPaymentQr: true,
    };
    const here = await scanPdf(task);
    const pooled = await runPageTask(task, 120_000);
    expect(pooled.rendered).toBe(3);
    expect(pooled.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pooled.pages).toEqual(here.pages);
    const numbers = pooled.pages.map((p) => p.lines.flatMap((l) => l.words.map((w) => w.text)).join(' '));
    expect(numbers.map((t) => /471\d/.exec(t)?.[0])).toEqual(['4711', '4712', '4713']);
  }, 120_000);
});
