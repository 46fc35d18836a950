// The spix image Tesseract is handed: Leptonica's layout byte for byte, and read by Tesseract
// exactly as the same pixels given as a PGM (its words, boxes and confidences).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SAMPLE_INVOICE_LINES, textPageImage } from '../test-support/scan-pages.js';
import { spixOf } from './leptonica-image.js';
import { tesseractLangs } from './models.js';
import { TESSERACT_PSM, tesseractWorker } from './tesseract.js';

describe('spixOf', () => {
  it('writes the header and each row padded to whole words, first pixel in the high byte', () => {
    const img = { data: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), width: 5, height: 2 };
    const s = spixOf(img);
    expect(s.subarray(0, 4).toString('latin1')).toBe('spix');
    expect([4, 8, 12, 16, 20, 24].map((o) => s.readUInt32LE(o))).toEqual([5, 2, 8, 2, 0, 16]);
    expect([...s.subarray(28)]).toEqual([4, 3, 2, 1, 0, 0, 0, 5, 9, 8, 7, 6, 0, 0, 0, 10]);
  });

  it('copies a row that fills its words whole', () => {
    const s = spixOf({ data: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]), width: 4, height: 2 });
    expect(s.length).toBe(28 + 8);
    expect([...s.subarray(28)]).toEqual([4, 3, 2, 1, 8, 7, 6, 5]);
  });

  it('reads in Tesseract exactly as the same pixels as a PGM', async () => {
    const png = await textPageImage(SAMPLE_INVOICE_LINES, { dpi: 150 });
    // An odd width, so that every row ends in padding.
    const { data, info } = await sharp(png)
      .extract({ left: 0, top: 0, width: 1237, height: 900 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img = { data, width: info.width, height: info.height };
    const pgm = Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1'), data]);
    const worker = await tesseractWorker(tesseractLangs('de'));
    await worker.setParameters({ user_defined_dpi: '150', tessedit_pageseg_mode: TESSERACT_PSM });
    const words = async (input: Buffer) => {
      const { data: read } = await worker.recognize(input, {}, { blocks: true, text: false });
      return (read.blocks ?? []).flatMap((b) =>
        b.paragraphs.flatMap((p) =>
          p.lines.flatMap((l) => l.words.map((w) => [w.text, w.bbox, w.confidence])),
        ),
      );
    };
    const fromPgm = await words(pgm);
    expect(fromPgm.map((w) => w[0]).join(' ')).toContain('RE-2024-0815');
    expect(await words(spixOf(img))).toEqual(fromPgm);
  }, 60_000);
});
