// scanJpegPages: a scanner's PDF (one JPEG over each page) read without pdf.js decoding the JPEGs:
// which pages it takes, that their pixels are pdf.js's to within the one grey level two JPEG
// decoders round differently, and that anything it is not sure of is left to pdf.js.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encryptedPdf } from '../test-support/encrypted-pdf.js';
import { PdfWriter } from '../test-support/pdf-builder.js';
import { buildScanPdf, scanJpeg, textPageImage } from '../test-support/scan-pages.js';
import { jpegScanDpi, ocrDpi } from '../workers/scan-pdf.js';
import { openPdf } from './open.js';
import { scanImage } from './scan-image.js';
import { decodeScanJpeg, scanJpegPages } from './scan-jpeg.js';

/** An A4 page at 100 dpi as a grey JPEG, and the page size in points that puts it at 100 dpi. */
async function page100() {
  const jpeg = await scanJpeg(
    await textPageImage(['Rechnung Nr. 42', 'Gesamtbetrag 119,00 EUR'], { dpi: 100 }),
  );
  const size: [number, number] = [(jpeg.width * 72) / 100, (jpeg.height * 72) / 100];
  return { jpeg, size };
}

/** A one-page PDF: content `content` drawing /Im1, an image with `dict` and `data`. */
function onePage(
  content: string,
  dict: string,
  data: Uint8Array,
  size: [number, number],
  opts: { compress?: boolean } = {},
) {
  const w = new PdfWriter();
  w.write('%PDF-1.7\n');
  const [catalog, pages, page, contents, image] = [1, 2, 3, 4, 5].map(() => w.reserve());
  w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 /MediaBox [0 0 ${size[0]} ${size[1]}] >>`);
  const body = new Uint8Array(Buffer.from(content, 'latin1'));
  if (opts.compress) w.stream(contents!, '/Filter /FlateDecode', new Uint8Array(deflateSync(body)));
  else w.stream(contents!, '', body);
  w.stream(image!, `/Type /XObject /Subtype /Image ${dict}`, data);
  w.object(
    page!,
    `<< /Type /Page /Parent ${pages} 0 R /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${contents} 0 R >>`,
  );
  return w.finish(`/Root ${catalog} 0 R`);
}

describe('scanJpegPages', () => {
  it("takes a scan's pages and gives pdf.js's pixels to within one grey level, at OCR's dpi", async () => {
    const { jpeg, size } = await page100();
    const pdf = buildScanPdf([jpeg, { text: 'Seite 2 ist getippt' }, jpeg], size);
    const { count, scans } = scanJpegPages(pdf);
    expect(count).toBe(3);
    expect([...scans.keys()]).toEqual([1, 3]);
    const doc = await openPdf(pdf);
    for (const n of [1, 3]) {
      const scan = scans.get(n)!;
      expect(Buffer.from(scan.jpeg).equals(Buffer.from(jpeg.jpeg))).toBe(true);
      const { dpi } = await ocrDpi(doc, n);
      expect(jpegScanDpi(scan)).toBeCloseTo(dpi, 9);
      const ours = (await decodeScanJpeg(scan))!;
      const theirs = (await scanImage(doc, n, dpi))!;
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      let most = 0;
      for (let i = 0; i < ours.data.length; i++)
        most = Math.max(most, Math.abs(ours.data[i]! - theirs.data[i]!));
      expect(most).toBeLessThanOrEqual(1);
      // Real ink, not an empty page: the text's black is there.
      expect(ours.data.some((v, i) => i % 4 === 0 && v < 64)).toBe(true);
    }
    await doc.destroy();
  });

  it('reads a compressed content stream and an ICC-based grey colour space', async () => {
    const { jpeg, size } = await page100();
    const w = new PdfWriter();
    w.write('%PDF-1.7\n');
    const [catalog, pages, page, contents, image, icc] = [1, 2, 3, 4, 5, 6].map(() => w.reserve());
    w.object(catalog!, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
    w.object(pages!, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
    const body = Buffer.from(`q\n${size[0]} 0 0 ${size[1]} 0 0 cm\n/Im1 Do\nQ\n`, 'latin1');
    w.stream(contents!, '/Filter /FlateDecode', new Uint8Array(deflateSync(body)));
    w.stream(icc!, '/N 1 /Alternate /DeviceGray', new Uint8Array(16));
    w.stream(
      image!,
      `/Type /XObject /Subtype /Image /Width ${jpeg.width} /Height ${jpeg.height} /ColorSpace [/ICCBased ${icc} 0 R] /BitsPerComponent 8 /Filter [/DCTDecode]`,
      jpeg.jpeg,
    );
    w.object(
      page!,
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${contents} 0 R >>`,
    );
    const { scans } = scanJpegPages(w.finish(`/Root ${catalog} 0 R`));
    expect(scans.get(1)?.width).toBe(jpeg.width);
  });

  it('leaves pages and files it is not sure of to pdf.js', async () => {
    const { jpeg, size } = await page100();
    const [pw, ph] = size;
    const dict = `/Width ${jpeg.width} /Height ${jpeg.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`;
    const drawn = `q ${pw} 0 0 ${ph} 0 0 cm /Im1 Do Q`;
    const left = (pdf: Uint8Array) => scanJpegPages(pdf).scans.size;
    expect(left(onePage(drawn, dict, jpeg.jpeg, size))).toBe(1);
    expect(left(onePage(drawn, dict, jpeg.jpeg, size, { compress: true }))).toBe(1);
    // Something else drawn too, the image over part of the page or turned.
    expect(left(onePage(`${drawn} 0 0 m 10 10 l S`, dict, jpeg.jpeg, size))).toBe(0);
    expect(left(onePage(`q ${pw / 2} 0 0 ${ph} 0 0 cm /Im1 Do Q`, dict, jpeg.jpeg, size))).toBe(0);
    expect(left(onePage(`q 0 ${ph} -${pw} 0 ${pw} 0 cm /Im1 Do Q`, dict, jpeg.jpeg, size))).toBe(0);
    // An image with a soft mask, a decode array, another filter or colour space.
    const flate = `/Width ${jpeg.width} /Height ${jpeg.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`;
    expect(left(onePage(drawn, flate, jpeg.jpeg, size))).toBe(0);
    expect(left(onePage(drawn, `${dict} /Decode [1 0]`, jpeg.jpeg, size))).toBe(0);
    expect(left(onePage(drawn, `${dict} /SMask 4 0 R`, jpeg.jpeg, size))).toBe(0);
    expect(left(onePage(drawn, dict.replace('DeviceGray', 'DeviceCMYK'), jpeg.jpeg, size))).toBe(0);
    // A turned page; an encrypted file; a file that is no PDF or is cut short.
    const rotated = Buffer.from(onePage(drawn, dict, jpeg.jpeg, size))
      .toString('latin1')
      .replace('/Type /Page ', '/Type /Page /Rotate 90 ');
    expect(left(new Uint8Array(Buffer.from(rotated, 'latin1')))).toBe(0);
    expect(left(encryptedPdf(['Rechnung'], ''))).toBe(0);
    expect(scanJpegPages(new Uint8Array(Buffer.from('not a pdf'))).count).toBe(0);
    const whole = onePage(drawn, dict, jpeg.jpeg, size);
    expect(() => scanJpegPages(whole.subarray(0, whole.length / 2))).not.toThrow();
  });

  it('leaves a JPEG that is not the image its dictionary says to pdf.js', async () => {
    const { jpeg, size } = await page100();
    const { scans } = scanJpegPages(
      onePage(
        `q ${size[0]} 0 0 ${size[1]} 0 0 cm /Im1 Do Q`,
        `/Width ${jpeg.width + 1} /Height ${jpeg.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
        jpeg.jpeg,
        size,
      ),
    );
    expect(await decodeScanJpeg(scans.get(1)!)).toBeUndefined();
    const broken = { ...scans.get(1)!, width: jpeg.width, jpeg: jpeg.jpeg.subarray(0, 100) };
    expect(await decodeScanJpeg(broken)).toBeUndefined();
  });
});
