// detectQrCodes on the shared corpus's `qr` files (every image, every PDF page rendered): each
// expected payload (decoded/<file>.payloads.json) must be found, `none.*` files give nothing;
// plus synthetic rasters: no code, several codes with their boxes, a turned page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadImage, type Raster } from '../image/load.js';
import { openPdf } from '../pdf/open.js';
import { renderPage } from '../pdf/render.js';
import { detectQrCodes } from './detect.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const manifest = path.join(corpus, 'MANIFEST.tsv');
const epc = (name: string) => path.join(corpus, 'qr/epc', name);

const normalise = (s: string): string => s.replace(/\r\n?/g, '\n');

/** The corpus's `qr` images and PDFs, as paths relative to the corpus. */
function qrFiles(): string[] {
  if (!existsSync(manifest)) return [];
  const [header = '', ...rows] = readFileSync(manifest, 'utf8').split(/\r?\n/);
  const cols = header.split('\t');
  const [pathCol, categoryCol] = [cols.indexOf('path'), cols.indexOf('category')];
  return rows
    .map((r) => r.split('\t'))
    .filter((c) => c[categoryCol] === 'qr' && /\.(png|jpe?g|pdf)$/i.test(c[pathCol] ?? ''))
    .map((c) => c[pathCol]!);
}

/**
 * The payloads expected in `file` (qr/<kind>/<source>/<sub…>/<name>): the source folder's
 * decoded/ mirrors the file's path below the source folder, minus leading folders like images/.
 */
function expectedPayloads(file: string): string[] | undefined {
  const parts = file.split('/');
  const source = parts.slice(0, 3).join('/');
  const rest = parts.slice(3);
  for (let i = 0; i < rest.length; i++) {
    const candidate = path.join(corpus, source, 'decoded', ...rest.slice(i)) + '.payloads.json';
    if (existsSync(candidate))
      return (JSON.parse(readFileSync(candidate, 'utf8')) as string[]).map(normalise);
  }
  return undefined;
}

async function detectInFile(file: string): Promise<string[]> {
  const bytes = readFileSync(path.join(corpus, file));
  if (!file.toLowerCase().endsWith('.pdf'))
    return detectQrCodes(await loadImage(bytes), 1).map((c) => c.text);
  const doc = await openPdf(bytes);
  try {
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++)
      texts.push(...detectQrCodes(await renderPage(doc, n), n).map((c) => c.text));
    return texts;
  } finally {
    await doc.destroy();
  }
}

function whiteRaster(width: number, height: number): Raster {
  return { data: new Uint8ClampedArray(width * height * 4).fill(255), width, height, channels: 4 };
}

function paste(into: Raster, img: Raster, x0: number, y0: number): void {
  for (let y = 0; y < img.height; y++)
    into.data.set(
      img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4),
      ((y0 + y) * into.width + x0) * 4,
    );
}

describe('detectQrCodes on synthetic rasters', () => {
  it('finds nothing on blank, noisy and striped rasters', () => {
    const blank = whiteRaster(800, 600);
    expect(detectQrCodes(blank, 1)).toEqual([]);
    const noisy = whiteRaster(640, 480);
    let seed = 42;
    for (let i = 0; i < noisy.data.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      if (i % 4 !== 3) noisy.data[i] = seed >>> 24;
    }
    expect(detectQrCodes(noisy, 1)).toEqual([]);
    const stripes = whiteRaster(1240, 1754); // an A4 page of "text lines"
    for (let y = 0; y < stripes.height; y++)
      if (y % 24 < 10)
        for (let x = 100; x < 1140; x++)
          if ((x * 7) % 13 < 6) stripes.data.fill(0, (y * 1240 + x) * 4, (y * 1240 + x) * 4 + 3);
    expect(detectQrCodes(stripes, 1)).toEqual([]);
  });

  it.skipIf(!existsSync(epc('mtgrosser-girocode/demo.png')))(
    'finds several codes on one page, with their boxes',
    async () => {
      const a = await loadImage(readFileSync(epc('mtgrosser-girocode/demo.png'))); // 270 px
      const b = await loadImage(readFileSync(epc('timueh-py-epc-qr/qr_version_001.png'))); // 490 px
      const page = whiteRaster(1240, 1754);
      paste(page, a, 100, 1300);
      paste(page, b, 650, 150);
      const codes = detectQrCodes(page, 3);
      expect(codes.map((c) => c.text.slice(0, 9)).sort()).toEqual(['BCD\n001\n1', 'BCD\n002\n1']);
      for (const c of codes) {
        expect(c.page).toBe(3);
        const [x0, y0, x1, y1] = c.bbox;
        const [px, py, size] = c.text.startsWith('BCD\n001') ? [650, 150, 490] : [100, 1300, 270];
        // Inside the pasted image, and covering most of it (the rest is the quiet zone).
        expect(x0 * 1240).toBeGreaterThanOrEqual(px - 2);
        expect(y0 * 1754).toBeGreaterThanOrEqual(py - 2);
        expect(x1 * 1240).toBeLessThanOrEqual(px + size + 2);
        expect(y1 * 1754).toBeLessThanOrEqual(py + size + 2);
        expect((x1 - x0) * 1240).toBeGreaterThan(size * 0.6);
      }
    },
  );

  it.skipIf(!existsSync(epc('mtgrosser-girocode/demo.png')))(
    'reads a code on a page turned by 90°',
    async () => {
      const a = await loadImage(readFileSync(epc('mtgrosser-girocode/demo.png')));
      const page = whiteRaster(1754, 1240);
      paste(page, a, 1300, 800);
      const turned = whiteRaster(page.height, page.width); // rotate 90° clockwise
      for (let y = 0; y < page.height; y++)
        for (let x = 0; x < page.width; x++) {
          const [tx, ty] = [page.height - 1 - y, x];
          turned.data.set(
            page.data.subarray((y * page.width + x) * 4, (y * page.width + x) * 4 + 4),
            (ty * turned.width + tx) * 4,
          );
        }
      expect(detectQrCodes(turned, 1).map((c) => c.text.slice(0, 3))).toEqual(['BCD']);
    },
  );
});

describe.skipIf(!existsSync(manifest))('detectQrCodes on the corpus qr files', () => {
  const files = qrFiles();
  it('has qr files listed in the manifest', () => expect(files.length).toBeGreaterThan(10));

  it.each(files)('%s', async (file) => {
    const expected = expectedPayloads(file);
    expect(expected, `no decoded/ payloads for ${file}`).toBeDefined();
    const found = (await detectInFile(file)).map(normalise);
    if (path.basename(file).startsWith('none.')) expect(found).toEqual([]);
    for (const payload of expected ?? []) expect(found).toContain(payload);
  });
});
