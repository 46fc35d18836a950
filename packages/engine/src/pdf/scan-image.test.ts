// scanImage: a scan page's pixels straight from pdf.js's decoded image are the pixels rendering the
// page at the image's own resolution draws, for each kind of image pdf.js decodes to (grey JPEG,
// RGB, one bit per pixel); anything else on the page, a turned or partial image, an image with
// transparency or another resolution leaves the page to be rendered.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from '../test-support/pdf-builder.js';
import { scanJpeg, textPageImage } from '../test-support/scan-pages.js';
import { ocrDpi } from '../workers/scan-pdf.js';
import { openPdf } from './open.js';
import { renderPage } from './render.js';
import { scanImage } from './scan-image.js';

const corpusScans = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/corpus/scans',
);
/** Grey JPEG scans as the corpus's scan PDFs all are: A4 pages and a larger page, at 96 ppi. */
const CORPUS_SCANS = [
  'ferd-zugferd-2.4/EN16931_Betriebskostenabrechnung_fx.scan.pdf',
  'ferd-zugferd-2.0/zugferd_2p0_EN16931_Rechnungskorrektur.scan.pdf',
  'fnfe-facturx-1.0.07/Facture_F20220023-LE_FOURNISSEUR-POUR-LE_CLIENT_MINIMUM.scan.pdf',
].map((f) => path.join(corpusScans, f));

interface ImagePage {
  /** The image XObject's dictionary entries and its stream. */
  dict: string;
  data: Uint8Array;
  /** The page's content; by default the image over the whole page. */
  content?: string;
  page?: [number, number];
  extra?: string;
  smask?: { dict: string; data: Uint8Array };
}

/** A one-page PDF showing one image XObject (/Im1), 200 × 100 pt by default. */
function imagePdf(p: ImagePage): Uint8Array {
  const [pw, ph] = p.page ?? [200, 100];
  const w = new PdfWriter();
  w.write('%PDF-1.7\n');
  const [catalog, pages, page, content, image, smask] = [1, 2, 3, 4, 5, 6].map(() => w.reserve());
  w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  const body = p.content ?? `q ${pw} 0 0 ${ph} 0 0 cm /Im1 Do Q\n`;
  w.stream(content!, '', new Uint8Array(Buffer.from(body, 'latin1')));
  w.stream(
    image!,
    `/Type /XObject /Subtype /Image ${p.dict}${p.smask ? ` /SMask ${smask} 0 R` : ''}`,
    p.data,
  );
  if (p.smask) w.stream(smask!, `/Type /XObject /Subtype /Image ${p.smask.dict}`, p.smask.data);
  else w.object(smask!, 'null');
  w.object(
    page!,
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${pw} ${ph}] ${p.extra ?? ''} /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
  );
  return w.finish(`/Root ${catalog} 0 R`);
}

/** Raw pixels of a small picture with edges and colours: 400 × 200, so 144 dpi on the page. */
async function picture(channels: 1 | 3): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
    <rect width="400" height="200" fill="#fff"/><rect x="20" y="30" width="150" height="60" fill="#c03"/>
    <circle cx="300" cy="110" r="70" fill="#036"/><text x="30" y="170" font-size="40">Rechnung 42</text></svg>`;
  const img = sharp(Buffer.from(svg)).removeAlpha();
  return (channels === 1 ? img.grayscale() : img).raw().toBuffer();
}

/** Whether scanImage gives exactly what rendering the page at `dpi` gives. */
async function sameAsRendered(pdf: Uint8Array, dpi: number) {
  const doc = await openPdf(pdf);
  try {
    const direct = await scanImage(doc, 1, dpi);
    const rendered = await renderPage(doc, 1, { dpi });
    return { direct, same: !!direct && Buffer.from(direct.data).equals(Buffer.from(rendered.data)) };
  } finally {
    await doc.destroy();
  }
}

describe('scanImage', () => {
  it('gives a grey JPEG scan pixel for pixel as rendering at its resolution draws it', async () => {
    const { jpeg, width, height } = await scanJpeg(await textPageImage(['Rechnung 42'], { dpi: 100 }));
    const page: [number, number] = [(width * 72) / 100, (height * 72) / 100];
    const pdf = imagePdf({
      dict: `/Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
      data: jpeg,
      page,
    });
    const { direct, same } = await sameAsRendered(pdf, 100);
    expect([direct?.width, direct?.height]).toEqual([width, height]);
    expect(same).toBe(true);
  });

  it('gives RGB and one-bit images as rendering draws them', async () => {
    const rgb = imagePdf({
      dict: '/Width 400 /Height 200 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
      data: deflateSync(await picture(3)),
    });
    expect((await sameAsRendered(rgb, 144)).same).toBe(true);
    // A bilevel scan: every pixel of the grey picture to one bit, rows padded to whole bytes.
    const grey = await picture(1);
    const bits = Buffer.alloc(50 * 200);
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 400; x++)
        if (grey[y * 400 + x]! >= 128) bits[y * 50 + (x >> 3)]! |= 0x80 >> (x & 7);
    const bilevel = imagePdf({
      dict: '/Width 400 /Height 200 /ColorSpace /DeviceGray /BitsPerComponent 1',
      data: bits,
    });
    const { direct, same } = await sameAsRendered(bilevel, 144);
    expect(same).toBe(true);
    // Black ink where the picture is dark: the bits were not read as all paper.
    expect(direct!.data.filter((v, i) => i % 4 === 0 && v === 0).length).toBeGreaterThan(1000);
  });

  it('leaves a page to be rendered when more than the one image is on it, or not all of it', async () => {
    const dict = '/Width 400 /Height 200 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode';
    const data = deflateSync(await picture(3));
    const cases = [
      // A rule drawn over the scan (a stamp, a signature line).
      imagePdf({ dict, data, content: 'q 200 0 0 100 0 0 cm /Im1 Do Q 0 0 0 RG 10 10 m 190 10 l S\n' }),
      // Typed text over it.
      imagePdf({ dict, data, content: 'q 200 0 0 100 0 0 cm /Im1 Do Q BT /F1 12 Tf 10 50 Td (x) Tj ET\n' }),
      // The image over half of the page.
      imagePdf({ dict, data, content: 'q 100 0 0 100 0 0 cm /Im1 Do Q\n' }),
      // Turned on the page, and the page turned.
      imagePdf({ dict, data, content: 'q 0 100 -200 0 200 0 cm /Im1 Do Q\n', page: [200, 200] }),
      imagePdf({ dict, data, extra: '/Rotate 90' }),
      // Seen through a soft mask: the page's white shows through.
      imagePdf({
        dict,
        data,
        smask: {
          dict: '/Width 400 /Height 200 /ColorSpace /DeviceGray /BitsPerComponent 8',
          data: new Uint8Array(400 * 200).fill(128),
        },
      }),
    ];
    for (const pdf of cases) {
      const doc = await openPdf(pdf);
      expect(await scanImage(doc, 1, 144)).toBeUndefined();
      await doc.destroy();
    }
  });

  it.skipIf(!CORPUS_SCANS.every((f) => existsSync(f)))(
    "gives corpus scan pages as rendering at OCR's resolution draws them",
    async () => {
      for (const file of CORPUS_SCANS) {
        const doc = await openPdf(readFileSync(file));
        const { dpi, scan } = await ocrDpi(doc, 1);
        expect(scan).toBe(true);
        const direct = await scanImage(doc, 1, dpi);
        const rendered = await renderPage(doc, 1, { dpi });
        expect(direct && Buffer.from(direct.data).equals(Buffer.from(rendered.data))).toBe(true);
        await doc.destroy();
      }
    },
  );

  it('leaves a page to be rendered at another resolution than the image', async () => {
    const pdf = imagePdf({
      dict: '/Width 400 /Height 200 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
      data: deflateSync(await picture(3)),
    });
    const doc = await openPdf(pdf);
    expect(await scanImage(doc, 1, 144)).toBeDefined();
    // A 600-dpi scan is rendered at 300 (MAX_SCAN_DPI in workers/scan-pdf.ts): not its own pixels.
    expect(await scanImage(doc, 1, 72)).toBeUndefined();
    await doc.destroy();
  });
});
