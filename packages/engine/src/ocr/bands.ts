// Cutting a prepared page into horizontal bands for recognition in parallel: cuts fall only in
// the middle of rows without ink between text lines (never through a line), placed so each band
// holds about an equal share of the page's ink (the recogniser's work grows with the text), and
// words read on a band are put back into page coordinates.
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
 * Rows to cut `img` at into `parts` bands (fewer, down to none, when its blank gaps do not allow
 * bands of at least MIN_BAND_INK of the ink each): the middle rows of blank gaps nearest to
 * equal shares of the ink.
 */
export function bandCuts(img: GreyImage, parts: number): number[] {
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
    if (above[edges[i]!]! - above[edges[i - 1]!]! < total * MIN_BAND_INK) return [];
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
