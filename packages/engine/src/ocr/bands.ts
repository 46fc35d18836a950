// Cutting a prepared page into bands for recognition in parallel: cuts fall only in the middle of
// rows without ink between text lines (never through a line), placed so each slice holds about an
// equal share of the page's strokes: the recogniser's work grows with the letters, which a row's
// runs of ink count, and not with a logo's or a bar's solid ink (weighed by ink pixels, the larger
// of two bands took 17.3 s on 12 corpus pages against 15.8 s weighed by strokes). A band is the page
// with every other slice left and the rest painted paper (maskedBands), so it holds the same mix
// of text sizes as the page, each line where it stands: Tesseract sizes its noise filter and line
// finding by the whole block it is given, and a band of only the letterhead or only the table
// read small labels differently.
import type { GreyImage } from './grey-image.js';

/** A pixel darker than this is ink: well under paper (255 once prepared), so faint ink counts. */
const INK_BELOW = 192;
/** A cut needs at least this many blank rows (as a share of the page's height) between lines. */
const MIN_GAP_SHARE = 0.002;
/** Every band must hold at least this share of the strokes, or the page is not cut: a band of a
 * line or two is read with too little text around it, and saves little time. */
const MIN_BAND_SHARE = 0.2;

/** Strokes in each row of `img`: runs of ink pixels, one per letter stem or bowl the row crosses. */
export function rowStrokes(img: GreyImage): Uint32Array {
  const rows = new Uint32Array(img.height);
  const { data, width } = img;
  for (let y = 0, i = 0; y < img.height; y++) {
    let n = 0;
    let inInk = false;
    for (const end = i + width; i < end; i++) {
      const ink = data[i]! < INK_BELOW;
      if (ink && !inInk) n++;
      inInk = ink;
    }
    rows[y] = n;
  }
  return rows;
}

/**
 * Rows to cut `img` at into `parts` pieces (fewer, down to none, when its blank gaps do not allow
 * pieces of at least `minShare` of the strokes each): the middle rows of blank gaps nearest to
 * equal shares of the strokes (`rows`: the strokes of each row, when already counted).
 */
export function bandCuts(
  img: GreyImage,
  parts: number,
  minShare = MIN_BAND_SHARE,
  rows = rowStrokes(img),
): number[] {
  if (parts < 2) return [];
  // Strokes above each row.
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

/**
 * `img` in `bands` bands for recognition in parallel, each the whole page with only its own
 * slices of it left: the page is cut into `bands * slicesPerBand` slices of about equal strokes, band
 * b keeps slices b, b + bands, ... and the other rows are painted paper. Every line keeps its place
 * and the page its size, so Tesseract finds the lines and sizes its noise filter on a page of the
 * same kind (the same mix of text sizes: the letterhead's and the table's) and the words come back
 * in page coordinates. On the scan set a page read so gave the fields of the page read whole but
 * one (495 right, 1 wrong, 35 missing against 496, 1, 34; replayed OCR), where the slices stacked
 * into shorter images lost 7 (docs/adr/0002-ocr-masked-bands.md). The whole page as one band when
 * it cannot be cut so that every band holds at least MIN_BAND_SHARE of the strokes.
 */
export function maskedBands(img: GreyImage, bands: number, slicesPerBand: number): GreyImage[] {
  if (bands < 2) return [img];
  const rows = rowStrokes(img);
  const edges = [0, ...bandCuts(img, bands * slicesPerBand, 0, rows), img.height];
  if (edges.length - 1 < bands) return [img];
  let total = 0;
  for (const r of rows) total += r;
  const out: GreyImage[] = [];
  for (let b = 0; b < bands; b++) {
    const data = Buffer.alloc(img.width * img.height, 255);
    let strokes = 0;
    for (let i = b; i < edges.length - 1; i += bands) {
      const [top, bottom] = [edges[i]!, edges[i + 1]!];
      img.data.copy(data, top * img.width, top * img.width, bottom * img.width);
      for (let y = top; y < bottom; y++) strokes += rows[y]!;
    }
    if (strokes < total * MIN_BAND_SHARE) return [img];
    out.push({ data, width: img.width, height: img.height });
  }
  return out;
}
