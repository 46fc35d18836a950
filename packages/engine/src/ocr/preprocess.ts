// Prepares a page raster for OCR: grey, contrast stretched (paper white, ink black), a photographed
// page cut out of its photo and mapped upright (page-corners.ts), at a resolution where text is
// legible but not wastefully large, light evened out, text lines turned upright when they run down
// the page, and a tilt of up to ±15° straightened (both measured in tilt.ts).
import { availableParallelism } from 'node:os';
import sharp, { type Sharp } from 'sharp';
import type { Raster } from '../image/load.js';
import type { GreyImage } from './grey-image.js';
import { findPage, pageSize, rectifyPage, tableGrid } from './page-corners.js';
import { removeRules } from './rules.js';
import { binarise, isSideways, paperLevel, skewAngle } from './tilt.js';

export interface Prepared extends GreyImage {
  /** Clockwise turn (0 or 90 by the profiles; 180/270 only by a later OCR pass) applied. */
  turn: number;
  /** The text's measured tilt in degrees (clockwise positive), already undone in `data`. */
  skew: number;
  /** Pixels per inch of `data`, when the input's resolution was known. */
  dpi?: number;
}

export interface PrepareOptions {
  /** Resolution of the raster (rendered PDF pages); images leave it unknown. */
  dpi?: number;
  /** Measure and undo a tilt of up to ±15° (default true). */
  deskew?: boolean;
  /** Even out uneven light (a photo's fall-off and shadows; default true; flattenLight). */
  light?: boolean;
  /** Turn pages whose text lines run vertically (default true). */
  upright?: boolean;
  /** Find a photographed page's corners and map it to an upright rectangle (default true). */
  page?: boolean;
  /** Take thin table rules and box lines off the page (default true; ocr/rules.ts). */
  rules?: boolean;
}

/** A page's long side is capped here (A4 at 300 dpi): more pixels only slow Tesseract down. */
export const MAX_LONG_SIDE = 3508;
/**
 * A page at most this much over the cap is left as it is: shrinking a 300-dpi page by 1-4 %
 * (a scanner's margin, a page a little larger than A4; 26 of the corpus's 125 scan pages) took
 * 150 ms, more than Tesseract spends on its few extra pixels.
 */
const CAP_SLACK = 1.05;
/** Images smaller than this (long side) are enlarged ×2: Tesseract misreads text a few px tall. */
export const MIN_LONG_SIDE = 1200;
/**
 * Pages scanned coarser than this are enlarged to it: at 150 dpi the small print of an invoice
 * is a dozen pixels tall and Tesseract confuses its digits (on the scan corpus, enlarging such
 * pages to 220 dpi read 2 % more fields right for 3 % more time; 300 dpi added almost nothing
 * more for 30 % more time).
 */
export const MIN_DPI = 220;
/** Enlarging by less than this gains nothing worth its time. */
const MIN_ENLARGE = 1.25;
/** An image of unknown resolution is taken for an A4 (or Letter) page by its long side. */
const PAGE_LONG_INCHES = 11.7;

/**
 * A page cut out of a phone photo at PHOTO_DETAIL_DPI or more is mapped at twice its photographed
 * resolution, up to PHOTO_DPI. A photo's blur and JPEG noise spread each stroke over a couple of
 * its pixels, and at a scan's 220 dpi Tesseract loses the small print (6-7 pt labels and amounts)
 * in them; enlarged, it reads them. Native Tesseract on the prepared pages of the camera-sized
 * photo set (scripts/photo-set.mjs --size camera, pages at 170-215 dpi) found 389 of the 522 truth
 * values at the page's own resolution, 411 at twice it, fewer at 1.5 times. A coarser photo (the
 * messenger-sized set, 105-135 dpi) is mapped as a scan of its resolution is resized: there,
 * twice MIN_DPI found nothing more, because the detail is not in the photo.
 */
export const PHOTO_DPI = 400;
const PHOTO_DETAIL_DPI = 160;

/** How much a page photographed `long` pixels long (long side) is resized when mapped upright,
 * taking it for an A4 page by its long side, as an image of unknown resolution. */
export function photoScaleFactor(long: number): number {
  const dpi = long / PAGE_LONG_INCHES;
  return dpi < PHOTO_DETAIL_DPI ? scaleFactor(long) : Math.min(2, PHOTO_DPI / dpi);
}

/** How much a page of `long` pixels (long side) at `dpi` (if known) is resized before OCR. */
export function scaleFactor(long: number, dpi?: number): number {
  if (long > MAX_LONG_SIDE * CAP_SLACK) return MAX_LONG_SIDE / long;
  if (long > MAX_LONG_SIDE) return 1;
  if (long < MIN_LONG_SIDE) return 2;
  const enlarge = MIN_DPI / (dpi ?? long / PAGE_LONG_INCHES);
  return enlarge >= MIN_ENLARGE ? Math.min(enlarge, MAX_LONG_SIDE / long) : 1;
}

/** Tilts up to this are undone by a shear (no pixel interpolated); larger ones by a rotation. */
const SHEAR_UP_TO = 5;
/** Smaller tilts are left alone: Tesseract reads them as they are, and shifting columns by whole
 * pixels for so little would only put steps into long rules and underlines. */
const MIN_SKEW = 0.3;
export async function preparePage(raster: Raster, opts: PrepareOptions = {}): Promise<Prepared> {
  let grey = greyOfRaster(raster);
  let dpi: number | undefined;
  // A page scanned coarser than OCR wants is enlarged last, once it is straight and clean: every
  // step before works on the fewer pixels (on a 150-dpi page, a third of the preparation's time).
  let enlarge = 1;
  // A photographed page: mapped from its four corners onto an upright rectangle, at once at the
  // size OCR wants (its resolution is the page's, not the photo's: the table around it is gone).
  const corners = opts.page !== false ? findPage(grey) : null;
  if (corners) {
    const size = pageSize(corners);
    grey = rectifyPage(grey, corners, photoScaleFactor(Math.max(size.width, size.height)));
  } else {
    const factor = scaleFactor(Math.max(grey.width, grey.height), opts.dpi);
    if (factor < 1) grey = await resized(grey, factor);
    else enlarge = factor;
    dpi = opts.dpi ? opts.dpi * Math.min(1, factor) : undefined;
  }
  // A photo: the light falls off across the page and shadows cross it. Divided by its own paper
  // level, the page is evenly white again (and the table around it too), as a scanner sees it.
  if (opts.light !== false) grey = flattenLight(grey, { photo: !!corners });
  let turn = 0;
  let ink = binarise(grey);
  if (opts.upright !== false && isSideways(ink)) {
    grey = await turned(grey, 90);
    ink = binarise(grey);
    turn = 90;
  }
  let skew = 0;
  if (opts.deskew !== false) {
    skew = skewAngle(ink);
    // A shear leans the letters by the tilt: fine for a scanner's few degrees, not for a photo's 15.
    if (Math.abs(skew) > SHEAR_UP_TO) grey = await rotated(grey, -skew);
    else if (Math.abs(skew) >= MIN_SKEW) grey = unsheared(grey, skew);
    else skew = 0;
  }
  // After deskewing, so the rules run straight along rows and columns. Not on a photo: its blur
  // runs the strokes of a bold word into one dark band as long as a rule, and the word went with
  // the rules (on the photo set, keeping them read more fields right).
  if (opts.rules !== false && !corners) {
    grey = removeRules(grey, dpi ?? Math.max(grey.width, grey.height) / PAGE_LONG_INCHES);
  }
  if (enlarge !== 1) {
    grey = await resized(grey, enlarge);
    if (dpi) dpi *= enlarge;
  }
  return { ...grey, turn, skew, ...(dpi ? { dpi } : {}) };
}

/** True for a page with next to no ink (a blank page, a back side): nothing to recognise. */
export function isBlank(img: GreyImage): boolean {
  const ink = binarise(img);
  return ink.xs.length < ink.width * ink.height * 0.0005;
}

/** Luma of RGBA pixels (BT.601 weights, in integers), contrast stretched in the same pass
 * (stretchContrast's mapping, from a sample of the page): this runs on every page. */
function greyOfRaster(r: Raster): GreyImage {
  const n = r.width * r.height;
  const d = r.data;
  // One 32-bit load per pixel (little-endian: R in the low byte), aligned or copied to be.
  const px =
    d.byteOffset % 4 === 0
      ? new Uint32Array(d.buffer, d.byteOffset, n)
      : new Uint32Array(new Uint8Array(d).buffer, 0, n);
  const hist = new Uint32Array(256);
  // Every 7th pixel: a sample spread over the whole page, enough for two percentiles.
  for (let j = 0; j < n; j += 7) {
    const v = px[j]!;
    hist[((v & 255) * 77 + ((v >>> 8) & 255) * 150 + ((v >>> 16) & 255) * 29) >> 8]!++;
  }
  const lut = contrastLut(hist);
  const data = Buffer.allocUnsafe(n);
  for (let j = 0; j < n; j++) {
    const v = px[j]!;
    data[j] = lut[((v & 255) * 77 + ((v >>> 8) & 255) * 150 + ((v >>> 16) & 255) * 29) >> 8]!;
  }
  return { data, width: r.width, height: r.height };
}

/** Runs of columns this long or longer are moved by one native copy per row (`unsheared`). */
const NATIVE_COPY = 64;

/**
 * Undoes a tilt of `degrees` by shifting each column up or down by whole pixels (a shear, not a
 * rotation): text lines come out level, strokes lean by at most the tilt (Tesseract reads italics
 * anyway), and no pixel is interpolated, so strokes stay as sharp as scanned. Uncovered corners
 * are paper.
 */
export function unsheared(img: GreyImage, degrees: number): GreyImage {
  const { width, height } = img;
  const tan = Math.tan((degrees * Math.PI) / 180);
  const out = Buffer.alloc(width * height, 255);
  // Pivot at the centre so the page moves as little as possible; row by row for the cache.
  const shifts = new Int32Array(width);
  for (let x = 0; x < width; x++) shifts[x] = Math.round((x - width / 2) * tan);
  // Columns sharing a shift lie side by side: each such run is one copy per row.
  const runs: Array<[number, number, number]> = [];
  for (let x = 0; x < width; ) {
    const start = x;
    while (x < width && shifts[x] === shifts[start]) x++;
    runs.push([start, x, shifts[start]!]);
  }
  const src = img.data;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (const [x0, x1, shift] of runs) {
      const from = y + shift;
      if (from < 0 || from >= height) continue;
      const at = from * width;
      // A tilt of a few degrees leaves runs of a dozen columns, and a native copy call per run and
      // row costs more than the bytes it moves.
      if (x1 - x0 >= NATIVE_COPY) src.copy(out, row + x0, at + x0, at + x1);
      else for (let x = x0; x < x1; x++) out[row + x] = src[at + x]!;
    }
  }
  return { data: out, width, height };
}

/** `img` turned by `degrees` (clockwise positive), on white, the same size. */
async function rotated(img: GreyImage, degrees: number): Promise<GreyImage> {
  const out = await greyOf(
    sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).rotate(degrees, {
      background: '#ffffff',
    }),
  );
  // Rotation grows the canvas; take the middle back so page coordinates stay as they were.
  const left = Math.max(0, Math.floor((out.width - img.width) / 2));
  const top = Math.max(0, Math.floor((out.height - img.height) / 2));
  const data = Buffer.alloc(img.width * img.height, 255);
  for (let y = 0; y < img.height && y + top < out.height; y++)
    out.data.copy(
      data,
      y * img.width,
      (y + top) * out.width + left,
      (y + top) * out.width + left + img.width,
    );
  return { data, width: img.width, height: img.height };
}

/** Blocks across the page for the light estimate (a block is a few text lines tall). */
const LIGHT_BLOCKS = 48;
/** On a page cut out of a photo: blocks of a text line's height or so. */
const PHOTO_LIGHT_BLOCKS = 160;
/** A page is unevenly lit when this share of its blocks' paper is darker than 85 % of the brightest. */
const UNEVEN_SHARE = 0.15;

/**
 * A photo's page evenly lit: the paper level is estimated per block (its brightest pixel, then
 * the brightest of its neighbours so a block under a bold heading still sees paper, then
 * smoothed) and every pixel divided by it. A scan, evenly lit already, is returned unchanged,
 * as is a page whose dark areas are few (a logo, a filled bar), unless `photo` says it is a page
 * cut out of a photo (page-corners.ts), where a shadow over a tenth of it is still a shadow.
 */
export function flattenLight(img: GreyImage, opts: { photo?: boolean } = {}): GreyImage {
  const { width, height, data } = img;
  // A page cut out of a photo: smaller blocks, so the light follows a shadow's edge more closely.
  const bs = Math.max(
    8,
    Math.ceil(Math.max(width, height) / (opts.photo ? PHOTO_LIGHT_BLOCKS : LIGHT_BLOCKS)),
  );
  const bw = Math.ceil(width / bs);
  const bh = Math.ceil(height / bs);
  const peak = new Float32Array(bw * bh);
  // Block by block along each row: this pass reads every pixel of every page.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const by = ((y / bs) | 0) * bw;
    for (let bx = 0; bx < bw; bx++) {
      let top = peak[by + bx]!;
      for (let i = row + bx * bs, end = row + Math.min(width, (bx + 1) * bs); i < end; i++)
        if (data[i]! > top) top = data[i]!;
      peak[by + bx] = top;
    }
  }
  const spread = (src: Float32Array, pick: (vals: number[]) => number) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++) {
        const vals: number[] = [];
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) vals.push(src[yy * bw + xx]!);
          }
        out[y * bw + x] = pick(vals);
      }
    return out;
  };
  let paper = spread(peak, (v) => Math.max(...v));
  if (opts.photo) paper = spread(paper, (v) => Math.max(...v));
  let top = 0;
  for (const v of paper) top = Math.max(top, v);
  let dark = 0;
  for (const v of paper) if (v < top * 0.85) dark++;
  if (top < 32 || (!opts.photo && dark < paper.length * UNEVEN_SHARE)) return img;
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  paper = opts.photo ? spread(paper, mean) : spread(spread(paper, mean), mean);
  // A page cut out of its photo has no table left: a shadow reaching its edge is paper still.
  const table = opts.photo ? { has: () => false } : backgroundCells(img);
  // Bilinear between block centres, one row of blocks at a time.
  const out = Buffer.allocUnsafe(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, y / bs - 0.5));
    const y0 = fy | 0;
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, x / bs - 0.5));
      const x0 = fx | 0;
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const p =
        (paper[y0 * bw + x0]! * (1 - tx) + paper[y0 * bw + x1]! * tx) * (1 - ty) +
        (paper[y1 * bw + x0]! * (1 - tx) + paper[y1 * bw + x1]! * tx) * ty;
      out[y * width + x] = table.has(x, y)
        ? 255
        : Math.min(255, Math.round((data[y * width + x]! * 255) / Math.max(1, p)));
    }
  }
  return stretchContrast({ data: out, width, height });
}

/** Cells of a photo that are the table around the page, not the page. */
interface Background {
  has(x: number, y: number): boolean;
}

/**
 * The table around a photographed page (tableGrid in page-corners.ts). Whitened, the table's noise
 * (which dividing by its own level would bring up) cannot be read as words.
 */
export function backgroundCells(img: GreyImage): Background {
  const { cs, cw, ch, table } = tableGrid(img);
  // One cell more around it: the page's edge, half table and half paper, would read as a dashed rule.
  const grown = table.slice();
  for (let c = 0; c < table.length; c++) {
    if (!table[c]) continue;
    const x = c % cw;
    if (x > 0) grown[c - 1] = 1;
    if (x < cw - 1) grown[c + 1] = 1;
    if (c >= cw) grown[c - cw] = 1;
    if (c + cw < cw * ch) grown[c + cw] = 1;
  }
  return { has: (x, y) => grown[((y / cs) | 0) * cw + ((x / cs) | 0)] === 1 };
}

/**
 * Threads libvips may use for one operation. sharp leaves it at one on glibc (against memory
 * fragmentation from many threads' arenas); two halve a 150-dpi page's enlargement (165 → 75 ms),
 * which lies on a one-page scan's critical path while the pool's other core waits for its band.
 */
const RESIZE_THREADS = Math.min(2, availableParallelism());
let resizeThreadsSet = false;

async function resized(img: GreyImage, factor: number): Promise<GreyImage> {
  if (!resizeThreadsSet) {
    sharp.concurrency(Math.max(sharp.concurrency(), RESIZE_THREADS));
    resizeThreadsSet = true;
  }
  return greyOf(
    sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).resize({
      width: Math.max(1, Math.round(img.width * factor)),
      height: Math.max(1, Math.round(img.height * factor)),
      kernel: 'lanczos3',
    }),
  );
}

/**
 * Faint or grey-on-grey scans: the paper (the brightest common grey) becomes white and the ink
 * (the darkest 0.5% of pixels) black. Percentiles of the whole page would not do: on a sparse
 * page the ink is under 1% of it. A page without distinct ink is left alone.
 */
export function stretchContrast(img: GreyImage): GreyImage {
  const hist = new Uint32Array(256);
  const d = img.data;
  for (let i = 0; i < d.length; i++) hist[d[i]!]!++;
  const lut = contrastLut(hist);
  for (let i = 0; i < d.length; i++) d[i] = lut[d[i]!]!;
  return img;
}

/** The grey mapping that stretches ink to black and paper to white (identity without ink). */
function contrastLut(hist: Uint32Array): Uint8Array {
  const lut = new Uint8Array(256);
  let total = 0;
  for (const c of hist) total += c;
  const paper = paperLevel(hist);
  let ink = 0;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= total * 0.005) {
      ink = v;
      break;
    }
  }
  // Without ink clearly darker than the paper (a blank page's noise, a photo of a wall) there
  // is nothing to stretch: stretching would turn the noise into specks Tesseract reads as words.
  const flat = paper - ink < 48 || ink > paper * 0.75;
  for (let v = 0; v < 256; v++)
    lut[v] = flat ? v : Math.max(0, Math.min(255, Math.round(((v - ink) * 255) / (paper - ink))));
  return lut;
}

/** `img` turned clockwise by a multiple of 90°. */
export async function turned(img: GreyImage, degrees: number): Promise<GreyImage> {
  if (degrees % 360 === 0) return img;
  return greyOf(
    sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).rotate(degrees),
  );
}

/** `img` at `scale` (for a quick trial read of a page). */
export function scaled(img: GreyImage, scale: number): Promise<GreyImage> {
  return greyOf(
    sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).resize({
      width: Math.max(1, Math.round(img.width * scale)),
    }),
  );
}

async function greyOf(img: Sharp): Promise<GreyImage> {
  const { data, info } = await img.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}
