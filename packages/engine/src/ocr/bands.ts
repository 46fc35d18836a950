// Cutting a prepared page into bands for recognition in parallel: cuts fall only in the middle of
// rows without ink between text lines (never through a line), placed so each slice holds about an
// equal share of the page's ink (the recogniser's work grows with the text). A band is every
// other slice stacked (interleavedBands), so it holds the same mix of text sizes as the page:
// Tesseract sizes its noise filter and line finding by the whole block it is given, and a band of
// only the letterhead or only the table read small labels differently. Words read on a band are
// put back into page coordinates (pageRow).
import type { GreyImage } from './preprocess.js';

/** A pixel darker than this is ink: well under paper (255 once prepared), so faint ink counts. */
const INK_BELOW = 192;
/** A cut needs at least this many blank rows (as a share of the page's height) between lines. */
const MIN_GAP_SHARE = 0.002;
/** Every band must hold at least this share of the ink, or the page is not cut: a band of a line
 * or two is read with too little text around it, and saves little time. */
const MIN_BAND_INK = 0.2;

/** One band of a page: rows `top` to `top + img.height` of it. */
export interface Band {
  top: number;
  img: GreyImage;
}

/** Ink pixels in each row of `img`. */
export function rowInk(img: GreyImage): Uint32Array {
  const rows = new Uint32Array(img.height);
  const { data, width } = img;
  for (let y = 0, i = 0; y < img.height; y++) {
    let n = 0;
    for (const end = i + width; i < end; i++) if (data[i]! < INK_BELOW) n++;
    rows[y] = n;
  }
  return rows;
}

/**
 * Rows to cut `img` at into `parts` pieces (fewer, down to none, when its blank gaps do not allow
 * pieces of at least `minShare` of the ink each): the middle rows of blank gaps nearest to equal
 * shares of the ink.
 */
export function bandCuts(img: GreyImage, parts: number, minShare = MIN_BAND_INK): number[] {
  if (parts < 2) return [];
  const rows = rowInk(img);
  // Ink above each row.
  const above = new Float64Array(img.height + 1);
  for (let y = 0; y < img.height; y++) above[y + 1] = above[y]! + rows[y]!;
  const total = above[img.height]!;
  if (!total) return [];
  const minGap = Math.max(2, Math.round(img.height * MIN_GAP_SHARE));
  const middles: number[] = [];
  for (let y = 0; y < img.height; ) {
    if (rows[y]) {
      y++;
      continue;
    }
    const start = y;
    while (y < img.height && !rows[y]) y++;
    // Only gaps between ink: the page's blank margins cut nothing off.
    if (start > 0 && y < img.height && y - start >= minGap) middles.push((start + y) >> 1);
  }
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const want = (total * k) / parts;
    let best: number | undefined;
    for (const m of middles) {
      if (best === undefined || Math.abs(above[m]! - want) < Math.abs(above[best]! - want)) best = m;
    }
    if (best !== undefined && !cuts.includes(best)) cuts.push(best);
  }
  cuts.sort((a, b) => a - b);
  const edges = [0, ...cuts, img.height];
  for (let i = 1; i < edges.length; i++) {
    if (above[edges[i]!]! - above[edges[i - 1]!]! < total * minShare) return [];
  }
  return cuts;
}

/** `img` cut at `cuts` (ascending rows); the bands share `img`'s pixels. */
export function bandsOf(img: GreyImage, cuts: number[]): Band[] {
  const edges = [0, ...cuts, img.height];
  return edges.slice(1).map((bottom, i) => {
    const top = edges[i]!;
    return {
      top,
      img: {
        data: img.data.subarray(top * img.width, bottom * img.width),
        width: img.width,
        height: bottom - top,
      },
    };
  });
}

/** Rows `top` to `top + height` of the page, at row `at` of a band. */
export interface Slice {
  top: number;
  at: number;
  height: number;
}

/** A band of stacked slices of the page. */
export interface StackedBand {
  img: GreyImage;
  slices: Slice[];
}

/**
 * `img` in `bands` bands of `slicesPerBand` slices each, band b holding slices b, b + bands, ...
 * stacked (copies of the rows); the whole page as one band when it cannot be cut so that every
 * band holds at least MIN_BAND_INK of the ink.
 */
export function interleavedBands(img: GreyImage, bands: number, slicesPerBand: number): StackedBand[] {
  const whole = [{ img, slices: [{ top: 0, at: 0, height: img.height }] }];
  if (bands < 2) return whole;
  const edges = [0, ...bandCuts(img, bands * slicesPerBand, 0), img.height];
  if (edges.length - 1 < bands) return whole;
  const rows = rowInk(img);
  let total = 0;
  for (const r of rows) total += r;
  const out: StackedBand[] = [];
  for (let b = 0; b < bands; b++) {
    const slices: Slice[] = [];
    let at = 0;
    let ink = 0;
    for (let i = b; i < edges.length - 1; i += bands) {
      const [top, bottom] = [edges[i]!, edges[i + 1]!];
      slices.push({ top, at, height: bottom - top });
      at += bottom - top;
      for (let y = top; y < bottom; y++) ink += rows[y]!;
    }
    if (ink < total * MIN_BAND_INK) return whole;
    const data = Buffer.alloc(at * img.width);
    for (const s of slices)
      img.data.copy(data, s.at * img.width, s.top * img.width, (s.top + s.height) * img.width);
    out.push({ img: { data, width: img.width, height: at }, slices });
  }
  return out;
}

/** The page row of row `y` of `band` (rows past its last slice stay in that slice). */
export function pageRow(band: StackedBand, y: number): number {
  let slice = band.slices[0]!;
  for (const s of band.slices) if (s.at <= y) slice = s;
  return y - slice.at + slice.top;
}
