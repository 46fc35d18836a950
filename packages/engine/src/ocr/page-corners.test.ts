// Page detection on generated photos: the corners of a page laid on a table in perspective are
// found to the pixel, the page comes out upright with straight, level text lines where the scan
// had them, and a flat scan (paper to its edges) is found to have no page and left unchanged.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Raster } from '../image/load.js';
import { photographed } from '../test-support/photo-pages.js';
import { textPageImage } from '../test-support/scan-pages.js';
import type { GreyImage } from './grey-image.js';
import { findPage, pageSize } from './page-corners.js';
import type { Point } from './perspective.js';
import { photoScaleFactor, preparePage } from './preprocess.js';
import { binarise, skewAngle } from './tilt.js';

const LINES = [
  'Muster GmbH, Hauptstraße 1, 10115 Berlin',
  '',
  'Rechnung Nr. RE-2024-0815                                 Rechnungsdatum: 14.03.2024',
  '',
  'Pos  Menge  Beschreibung                    Einzelpreis            Gesamtpreis',
  '1    2      Schrauben M4 verzinkt               5,00                  10,00',
  '2    1      Werkzeugkoffer mit Einsatz         90,00                  90,00',
  '',
  'Nettobetrag                                                           100,00 EUR',
  'MwSt 19 %                                                              19,00 EUR',
  'Gesamtbetrag                                                          119,00 EUR',
];

const scanPage = async (): Promise<GreyImage> => {
  const { data, info } = await sharp(await textPageImage(LINES, { dpi: 100, fontPt: 10 }))
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

const rasterOf = (g: GreyImage): Raster => {
  const data = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0; i < g.width * g.height; i++) data.set([g.data[i]!, g.data[i]!, g.data[i]!, 255], i * 4);
  return { data, width: g.width, height: g.height, channels: 4 };
};

/** The first and last rows and columns with ink, as fractions of the image's size. */
function inkExtent(img: GreyImage): number[] {
  let [top, bottom, left, right] = [img.height, 0, img.width, 0];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (img.data[y * img.width + x]! < 100) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  return [top / img.height, bottom / img.height, left / img.width, right / img.width];
}

const half = (img: GreyImage, side: 0 | 1): GreyImage => {
  const w = Math.floor(img.width / 2);
  const data = Buffer.alloc(w * img.height);
  for (let y = 0; y < img.height; y++)
    img.data.copy(data, y * w, y * img.width + side * w, y * img.width + side * w + w);
  return { data, width: w, height: img.height };
};

// Turned about 4° and seen from below: the top edge 10 % narrower than the bottom.
const CORNERS: Point[] = [
  [190, 150],
  [900, 200],
  [960, 1290],
  [100, 1230],
];

describe('findPage', () => {
  it('finds the corners of a page photographed in perspective to within two pixels', async () => {
    const photo = photographed(await scanPage(), CORNERS, 1060, 1420);
    const found = findPage(photo);
    expect(found).not.toBeNull();
    for (let i = 0; i < 4; i++) {
      expect(Math.abs(found![i]![0] - CORNERS[i]![0])).toBeLessThan(2);
      expect(Math.abs(found![i]![1] - CORNERS[i]![1])).toBeLessThan(2);
    }
  });

  it('finds no page in a flat scan, nor in a photo whose page runs off its edge', async () => {
    const page = await scanPage();
    expect(findPage(page)).toBeNull();
    const cropped = photographed(
      page,
      CORNERS.map(([x, y]) => [x, y - 300] as Point),
      1060,
      1420,
    );
    expect(findPage(cropped)).toBeNull();
  });
});

describe('preparePage on a photo', () => {
  it('maps the page upright: text where the scan has it, lines level on both halves', async () => {
    const page = await scanPage();
    const p = await preparePage(rasterOf(photographed(page, CORNERS, 1060, 1420)), { rules: false });
    expect(p.turn).toBe(0);
    expect(Math.abs(p.skew)).toBeLessThan(0.5);
    // Upright, at the resolution photoScaleFactor gives the page, and no table left around it.
    expect(p.height).toBeGreaterThan(p.width);
    const long = pageSize(CORNERS).height;
    expect(Math.abs(p.height / (long * photoScaleFactor(long)) - 1)).toBeLessThan(0.01);
    for (const v of [p.data[0]!, p.data[p.width - 1]!, p.data[p.data.length - 1]!])
      expect(v).toBeGreaterThan(240);
    const [want, got] = [inkExtent(page), inkExtent(p)];
    for (let i = 0; i < 4; i++) expect(Math.abs(got[i]! - want[i]!)).toBeLessThan(0.015);
    // Converging lines would tilt one way on the left half and the other way on the right.
    expect(Math.abs(skewAngle(binarise(half(p, 0))))).toBeLessThanOrEqual(0.3);
    expect(Math.abs(skewAngle(binarise(half(p, 1))))).toBeLessThanOrEqual(0.3);
  });

  it('keeps the rules of a photo, which the same page scanned loses', async () => {
    const page = await scanPage();
    // A rule 1.5 mm under the text, as wide as the text block: long enough for removeRules.
    const ruled = { ...page, data: Buffer.from(page.data) };
    const y = Math.round(page.height * 0.5);
    for (let x = 80; x < page.width - 80; x++) ruled.data[y * page.width + x] = 0;
    const rowInk = (img: GreyImage, from: number, to: number) => {
      let most = 0;
      for (let r = Math.round(from * img.height); r < Math.round(to * img.height); r++) {
        let n = 0;
        for (let x = 0; x < img.width; x++) if (img.data[r * img.width + x]! < 128) n++;
        most = Math.max(most, n);
      }
      return most / img.width;
    };
    const scan = await preparePage(rasterOf(ruled));
    expect(rowInk(scan, 0.45, 0.55)).toBeLessThan(0.1);
    const photo = await preparePage(rasterOf(photographed(ruled, CORNERS, 1060, 1420)));
    expect(rowInk(photo, 0.45, 0.55)).toBeGreaterThan(0.5);
  });

  it('leaves a flat scan exactly as it was without page detection', async () => {
    const r = rasterOf(await scanPage());
    const [withPage, without] = [await preparePage(r), await preparePage(r, { page: false })];
    expect([withPage.width, withPage.height]).toEqual([without.width, without.height]);
    expect(withPage.data.equals(without.data)).toBe(true);
  });
});
