// Page preparation on generated scans: a page of rendered text turned by a few degrees is
// measured and straightened, a page on its side is stood up, faint scans are stretched to full
// contrast, and the resolution is brought into the range Tesseract reads well.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadImage, type Raster } from '../image/load.js';
import { textPageImage, turned } from '../test-support/scan-pages.js';
import type { GreyImage } from './grey-image.js';
import {
  flattenLight,
  isBlank,
  MAX_LONG_SIDE,
  MIN_DPI,
  PHOTO_DPI,
  photoScaleFactor,
  preparePage,
  scaleFactor,
} from './preprocess.js';
import { binarise, isSideways, skewAngle } from './tilt.js';

const LINES = [
  'Muster GmbH, Hauptstraße 1, 10115 Berlin',
  '',
  'Rechnung Nr. RE-2024-0815',
  'Rechnungsdatum: 14.03.2024',
  '',
  'Pos  Menge  Beschreibung         Preis',
  '1    2      Schrauben M4         10,00',
  '2    1      Werkzeugkoffer       90,00',
  '',
  'Nettobetrag 100,00 EUR',
  'MwSt 19 % 19,00 EUR',
  'Gesamtbetrag 119,00 EUR',
];

let page: Buffer | undefined;
const textPage = async () => {
  page ??= await textPageImage(LINES, { dpi: 150 });
  return page;
};
const rasterTurned = async (deg: number): Promise<Raster> => loadImage(await turned(await textPage(), deg));
const grey = async (r: Raster): Promise<GreyImage> => {
  const { data, info } = await sharp(Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength), {
    raw: { width: r.width, height: r.height, channels: 4 },
  })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('skewAngle', () => {
  it.each([0, 1.5, 3, -2.5, -4.5, 9, -12.5])('measures a page turned by %s°', async (deg) => {
    expect(skewAngle(binarise(await grey(await rasterTurned(deg))))).toBeCloseTo(deg, 0);
  });

  it('finds nothing to measure on an empty page', () => {
    const blank = { data: Buffer.alloc(400 * 300, 255), width: 400, height: 300 };
    expect(skewAngle(binarise(blank))).toBe(0);
  });
});

describe('isSideways', () => {
  it.each([
    [0, false],
    [180, false],
    [90, true],
    [270, true],
  ])('a page turned by %s° runs sideways: %s', async (deg, sideways) => {
    expect(isSideways(binarise(await grey(await rasterTurned(deg))))).toBe(sideways);
  });
});

describe('preparePage', () => {
  it('straightens a tilted scan', async () => {
    const p = await preparePage(await rasterTurned(3));
    expect(p.skew).toBeCloseTo(3, 0);
    expect(Math.abs(skewAngle(binarise(p)))).toBeLessThanOrEqual(0.3);
  });

  it('turns a photo tilted by 12° level (a rotation, not a shear)', async () => {
    const p = await preparePage(await rasterTurned(-12));
    expect(p.skew).toBeCloseTo(-12, 0);
    expect(Math.abs(skewAngle(binarise(p)))).toBeLessThanOrEqual(0.3);
  });

  it('leaves a straight page as it is', async () => {
    const r = await rasterTurned(0);
    const p = await preparePage(r, { dpi: 200 });
    expect([p.turn, p.skew, p.width, p.height, p.dpi]).toEqual([0, 0, r.width, r.height, 200]);
  });

  it('stands a page on its side upright (up to a half turn OCR decides)', async () => {
    const p = await preparePage(await rasterTurned(90));
    expect(p.turn).toBe(90);
    expect(p.height).toBeGreaterThan(p.width);
    expect(isSideways(binarise(p))).toBe(false);
  });

  it('is grey and stretched to full contrast', async () => {
    // Grey text (120) on grey paper (210): what a faint copy looks like.
    const faint = await sharp(await textPage())
      .linear(90 / 255, 120)
      .png()
      .toBuffer();
    const p = await preparePage(await loadImage(faint));
    expect(p.data.length).toBe(p.width * p.height);
    let [lo, hi] = [255, 0];
    for (const v of p.data) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
    expect(lo).toBeLessThan(30);
    expect(hi).toBeGreaterThan(225);
  });

  it('leaves the noise of a blank page alone, and calls the page blank', async () => {
    const noise = Buffer.alloc(1000 * 1400);
    for (let i = 0; i < noise.length; i++) noise[i] = 235 + ((i * 2654435761) >>> 28);
    const png = await sharp(noise, { raw: { width: 1000, height: 1400, channels: 1 } })
      .png()
      .toBuffer();
    const p = await preparePage(await loadImage(png));
    expect(p.data.reduce((lo, v) => Math.min(lo, v), 255)).toBeGreaterThan(200);
    expect(isBlank(p)).toBe(true);
    expect(isBlank(await preparePage(await rasterTurned(0)))).toBe(false);
  });

  it('caps the long side of a huge image and enlarges a tiny one', async () => {
    const huge = await loadImage(
      await sharp(await textPage())
        .resize({ height: 5000 })
        .png()
        .toBuffer(),
    );
    const big = await preparePage(huge, { dpi: 400, deskew: false });
    expect(big.height).toBe(MAX_LONG_SIDE);
    expect(big.dpi).toBeCloseTo((400 * MAX_LONG_SIDE) / 5000, 5);
    const tiny = await loadImage(
      await sharp(await textPage())
        .resize({ height: 800 })
        .png()
        .toBuffer(),
    );
    expect((await preparePage(tiny, { deskew: false })).height).toBe(1600);
  });

  it('enlarges a coarse scan to MIN_DPI, and leaves one near it or finer alone', async () => {
    // A4 at 150 dpi, resolution known (a rendered PDF scan) or estimated from the size (an image).
    expect(scaleFactor(1754, 150)).toBeCloseTo(MIN_DPI / 150, 5);
    expect(scaleFactor(1754)).toBeCloseTo(MIN_DPI / (1754 / 11.7), 5);
    expect(scaleFactor(2339, 200)).toBe(1);
    expect(scaleFactor(3508, 300)).toBe(1);
    // Never beyond the cap on the long side; a page a little over it is left as it is.
    expect(scaleFactor(3000, 100)).toBeCloseTo(MAX_LONG_SIDE / 3000, 5);
    expect(scaleFactor(3580, 300)).toBe(1);
    expect(scaleFactor(4000, 300)).toBeCloseTo(MAX_LONG_SIDE / 4000, 5);
    const coarse = await loadImage(
      await sharp(await textPage())
        .resize({ height: 1754 })
        .png()
        .toBuffer(),
    );
    const p = await preparePage(coarse, { dpi: 150, deskew: false });
    expect(p.dpi).toBeCloseTo(MIN_DPI, 5);
    expect(p.height).toBe(Math.round((1754 * MIN_DPI) / 150));
  });

  it('straightens a coarse scan and takes its rules off before enlarging it to MIN_DPI', async () => {
    // The page at 150 dpi with a 2-px table rule across most of it, tilted by 2°.
    const base = sharp(await textPage());
    const { width = 0, height = 0 } = await base.metadata();
    const rule = {
      input: {
        create: { width: Math.round(width * 0.7), height: 2, channels: 3 as const, background: '#000' },
      },
    };
    const ruled = await base
      .composite([{ ...rule, left: Math.round(width * 0.15), top: Math.round(height * 0.8) }])
      .png()
      .toBuffer();
    const r = await loadImage(await turned(ruled, 2));
    const p = await preparePage(r, { dpi: 150 });
    expect(p.dpi).toBeCloseTo(MIN_DPI, 5);
    expect(p.width).toBe(Math.round((r.width * MIN_DPI) / 150));
    expect(p.skew).toBeCloseTo(2, 0);
    expect(Math.abs(skewAngle(binarise(p)))).toBeLessThanOrEqual(0.3);
    // No dark run along a row as long as an inch is left (the rule), and the text still is.
    let longest = 0;
    for (let y = 0; y < p.height; y++)
      for (let x = 0, run = 0; x < p.width; x++) {
        run = p.data[y * p.width + x]! < 128 ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    expect(longest).toBeLessThan(MIN_DPI);
    expect(isBlank(p)).toBe(false);
  });
});

describe('photoScaleFactor', () => {
  it('maps a photographed page at twice its resolution up to PHOTO_DPI, a coarse one as a scan', () => {
    // An A4 page 2100 px long in the photo (180 dpi): 360 dpi.
    expect(photoScaleFactor(2100)).toBe(2);
    // 2800 px (240 dpi): twice would pass PHOTO_DPI.
    expect(photoScaleFactor(2800)).toBeCloseTo((PHOTO_DPI * 11.7) / 2800, 5);
    // 1400 px (120 dpi, a messenger's photo): as a scan of that resolution, to MIN_DPI.
    expect(photoScaleFactor(1400)).toBe(scaleFactor(1400));
    expect(photoScaleFactor(1400)).toBeCloseTo((MIN_DPI * 11.7) / 1400, 5);
  });
});

describe('flattenLight', () => {
  const page = async () => grey(await rasterTurned(0));

  it('leaves an evenly lit scan unchanged', async () => {
    const img = await page();
    expect(flattenLight(img)).toBe(img);
  });

  it('makes the paper of a page lit from one side and crossed by a shadow white again, ink still dark', async () => {
    const img = await page();
    const { width, height } = img;
    const lit = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        // Light falling to 45 % towards the right, and a shadow over the bottom third.
        const light = (1 - (0.55 * x) / width) * (y > (2 * height) / 3 ? 0.7 : 1);
        lit[y * width + x] = Math.round(img.data[y * width + x]! * light);
      }
    const flat = flattenLight({ data: lit, width, height });
    // Paper: away from the text, in the darkest corner (bottom right) and the brightest (top left).
    const at = (x: number, y: number) => flat.data[Math.round(y) * width + Math.round(x)]!;
    expect(at(width - 5, height - 5)).toBeGreaterThan(225);
    expect(at(5, 5)).toBeGreaterThan(225);
    // Ink: as much of it as before, and as dark.
    const inkOf = (d: Buffer) => d.reduce((n, v) => n + (v < 100 ? 1 : 0), 0);
    expect(inkOf(flat.data)).toBeGreaterThan(inkOf(img.data) * 0.8);
    expect(inkOf(flat.data)).toBeLessThan(inkOf(img.data) * 1.25);
  });

  it('whitens the dark table around a photographed page and keeps the ink on it', async () => {
    const img = await page();
    const { width, height } = img;
    // The page in the middle of a photo a quarter larger, on a table of grey 60, lit from the left.
    const W = Math.round(width * 1.25);
    const H = Math.round(height * 1.25);
    const [ox, oy] = [Math.round((W - width) / 2), Math.round((H - height) / 2)];
    const photo = Buffer.alloc(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const inside = x >= ox && x < ox + width && y >= oy && y < oy + height;
        const v = inside ? img.data[(y - oy) * width + (x - ox)]! : 60 + ((x * 7 + y * 13) % 9);
        photo[y * W + x] = Math.round(v * (1 - (0.4 * x) / W));
      }
    const flat = flattenLight({ data: photo, width: W, height: H });
    const at = (x: number, y: number) => flat.data[y * W + x]!;
    expect([at(3, 3), at(W - 3, H - 3), at(W - 3, 3), at(3, H - 3)]).toEqual([255, 255, 255, 255]);
    const inkOf = (d: Buffer) => d.reduce((n, v) => n + (v < 100 ? 1 : 0), 0);
    expect(inkOf(flat.data)).toBeGreaterThan(inkOf(img.data) * 0.8);
    // The stretch after dividing darkens the anti-aliased edges of letters a little.
    expect(inkOf(flat.data)).toBeLessThan(inkOf(img.data) * 1.6);
  });
});
