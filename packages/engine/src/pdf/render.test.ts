// renderPage: raster size from page size and dpi, the pixel budget, page-number checks, and real
// ink on a small QR-bill PDF from the shared corpus (skipped when the corpus is absent).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadError } from '../errors.js';
import { buildPdf } from '../test-support/pdf-builder.js';
import { openPdf, type PdfDocument } from './open.js';
import { DEFAULT_RENDER_DPI, renderPage } from './render.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
// A 56 mm square page (158.74 pt) holding just a Swiss QR code.
const qrPdf = path.join(corpus, 'qr/swiss/manuelbl-SwissQRBill/rendered/qrcode_quiet_zone.pdf');

describe('renderPage', () => {
  let doc: PdfDocument;
  beforeAll(async () => {
    doc = await openPdf(buildPdf({ pages: 2 })); // A4 portrait: 595 × 842 pt
  });
  afterAll(() => doc?.destroy());

  it('sizes the raster from the page size and the dpi', async () => {
    const at72 = await renderPage(doc, 1, { dpi: 72 });
    expect([at72.width, at72.height, at72.channels]).toEqual([595, 842, 4]);
    expect(at72.data.length).toBe(595 * 842 * 4);
    const byDefault = await renderPage(doc, 2);
    const f = DEFAULT_RENDER_DPI / 72;
    expect([byDefault.width, byDefault.height]).toEqual([Math.floor(595 * f), Math.floor(842 * f)]);
    const scaled = await renderPage(doc, 1, { scale: 0.5, dpi: 300 });
    expect([scaled.width, scaled.height]).toEqual([297, 421]);
  });

  it('paints an opaque white page', async () => {
    const r = await renderPage(doc, 1, { dpi: 36 });
    expect([...r.data.slice(0, 4)]).toEqual([255, 255, 255, 255]);
  });

  it('scales down to the pixel budget instead of rendering a huge raster', async () => {
    const r = await renderPage(doc, 1, { dpi: 1200, maxPixels: 100_000 });
    expect(r.width * r.height).toBeLessThanOrEqual(100_000);
    expect(r.width * r.height).toBeGreaterThan(95_000);
    expect(r.width / r.height).toBeCloseTo(595 / 842, 2);
  });

  it('refuses page numbers outside the document and nonsense scales', async () => {
    for (const n of [0, 3, 1.5]) {
      const err = await renderPage(doc, n).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ReadError);
      expect((err as ReadError).code).toBe('invalid_option');
    }
    const err = await renderPage(doc, 1, { dpi: -1 }).catch((e: unknown) => e);
    expect((err as ReadError).code).toBe('invalid_option');
  });

  it.skipIf(!existsSync(qrPdf))('renders the vector QR code of a corpus PDF', async () => {
    const qr = await openPdf(readFileSync(qrPdf));
    try {
      const r = await renderPage(qr, 1, { dpi: 150 });
      expect([r.width, r.height]).toEqual([
        Math.floor((158.74016 * 150) / 72),
        Math.floor((158.74016 * 150) / 72),
      ]);
      let dark = 0;
      for (let i = 0; i < r.data.length; i += 4) if (r.data[i]! < 64) dark++;
      // A QR code is roughly half dark modules; its quiet zone and the margin are white.
      expect(dark / (r.width * r.height)).toBeGreaterThan(0.2);
      expect(dark / (r.width * r.height)).toBeLessThan(0.6);
    } finally {
      await qr.destroy();
    }
  });
});
