// Scans for tests, made on the spot: a page of typed text rendered to pixels (sharp's text
// rendering, DejaVu Sans), turned or skewed like a careless scan, and PDFs whose pages are such
// images (JPEG, as scanners write them) or typed text, so mixed documents can be built too.
import sharp from 'sharp';
import { PdfWriter, pdfString } from './pdf-builder.js';

/** An A4 page at `dpi` with `lines` of black text from the top left, as a grey PNG. */
export async function textPageImage(
  lines: string[],
  opts: { dpi?: number; fontPt?: number } = {},
): Promise<Buffer> {
  const dpi = opts.dpi ?? 150;
  const width = Math.round((210 / 25.4) * dpi);
  const height = Math.round((297 / 25.4) * dpi);
  const markup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = await sharp({
    text: {
      text: `<span foreground="black">${lines.map(markup).join('\n')}</span>`,
      font: `DejaVu Sans ${opts.fontPt ?? 11}`,
      dpi,
      rgba: true,
      spacing: Math.round((opts.fontPt ?? 11) * 0.8 * (dpi / 72)),
    },
  })
    .png()
    .toBuffer();
  const margin = Math.round(dpi * 0.8);
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: text, left: margin, top: margin }])
    .grayscale()
    .png()
    .toBuffer();
}

/** `png` turned by `degrees` (clockwise) on white paper, as a PNG. */
export function turned(png: Buffer, degrees: number): Promise<Buffer> {
  return sharp(png).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
}

export type ScanPdfPage = { jpeg: Uint8Array; width: number; height: number } | { text: string };

/**
 * A PDF of `pages`: an image page shows its JPEG over the whole page (`pageSize` points, A4 by
 * default), a text page draws its lines in Helvetica (a real text layer).
 */
export function buildScanPdf(pages: ScanPdfPage[], pageSize: [number, number] = [595, 842]): Uint8Array {
  const [pw, ph] = pageSize;
  const w = new PdfWriter();
  w.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const catalogId = w.reserve();
  const pagesId = w.reserve();
  const fontId = w.reserve();
  const ids = pages.map(() => ({ page: w.reserve(), content: w.reserve(), image: w.reserve() }));
  w.object(catalogId, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  w.object(
    pagesId,
    `<< /Type /Pages /Kids [${ids.map((p) => `${p.page} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  );
  w.object(fontId, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (const [i, page] of pages.entries()) {
    const id = ids[i]!;
    let content: string;
    if ('jpeg' in page) {
      w.stream(
        id.image,
        `/Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
        page.jpeg,
      );
      content = `q ${pw} 0 0 ${ph} 0 0 cm /Im1 Do Q\n`;
    } else {
      // An unused image object keeps the numbering simple.
      w.object(id.image, 'null');
      const shown = page.text
        .split('\n')
        .map((l) => `${pdfString(l)} Tj`)
        .join(' T* ');
      content = `BT /F1 11 Tf 16 TL 60 ${ph - 80} Td ${shown} ET\n`;
    }
    w.stream(id.content, '', new Uint8Array(Buffer.from(content, 'latin1')));
    w.object(
      id.page,
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${pw} ${ph}] /Resources << /Font << /F1 ${fontId} 0 R >> /XObject << /Im1 ${id.image} 0 R >> >> /Contents ${id.content} 0 R >>`,
    );
  }
  return w.finish(`/Root ${catalogId} 0 R`);
}

/** A grey JPEG of `png` for a scan page. */
export async function scanJpeg(png: Buffer): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .grayscale()
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
}

/** The lines of a short German invoice, drawn on generated scans by the OCR tests. */
export const SAMPLE_INVOICE_LINES = [
  'Muster GmbH, Hauptstraße 1, 10115 Berlin',
  '',
  'Rechnung Nr. RE-2024-0815',
  'Rechnungsdatum: 14.03.2024',
  '',
  'Nettobetrag 100,00 EUR',
  'MwSt 19 % 19,00 EUR',
  'Gesamtbetrag 119,00 EUR',
];
