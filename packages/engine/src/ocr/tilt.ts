// How a page's text lines run, measured on a small binarised copy by projection profiles: text
// lines give a row profile of sharp peaks and gaps, and the angle (or the axis) that sharpens it
// most is the one the lines run along (the tilt to straighten, or text running down the page).
import type { GreyImage } from './grey-image.js';

/** Tilts are looked for up to this many degrees either way (a phone photo is seldom held straighter). */
export const MAX_SKEW = 15;
/** Width of the binarised copy the profiles are measured on. */
const ANALYSIS_WIDTH = 1000;

/** The bright mode of a grey histogram: the paper. */
export function paperLevel(hist: Uint32Array): number {
  let paper = 255;
  for (let v = 255, best = 0; v >= 128; v--)
    if (hist[v]! > best) {
      best = hist[v]!;
      paper = v;
    }
  return paper;
}

/** Ink pixels of a small copy of `img`: their coordinates, and the copy's size. */
export interface Ink {
  xs: Int32Array;
  ys: Int32Array;
  width: number;
  height: number;
}

/** Nearest-neighbour copy about ANALYSIS_WIDTH wide, thresholded halfway between paper and ink. */
export function binarise(img: GreyImage): Ink {
  const step = Math.max(1, Math.round(img.width / ANALYSIS_WIDTH));
  const width = Math.floor(img.width / step);
  const height = Math.floor(img.height / step);
  // The small copy first (one strided walk of the page), then everything on it in order.
  const small = new Uint8Array(width * height);
  const hist = new Uint32Array(256);
  for (let y = 0, i = 0; y < height; y++) {
    const row = y * step * img.width;
    for (let x = 0; x < width; x++, i++) {
      const v = img.data[row + x * step]!;
      small[i] = v;
      hist[v]!++;
    }
  }
  // Paper is the bright mode; a pixel well below it is ink (robust to grey paper and noise).
  const threshold = paperLevel(hist) * 0.6;
  let count = 0;
  for (let i = 0; i < small.length; i++) if (small[i]! < threshold) count++;
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  for (let i = 0, n = 0; i < small.length; i++) {
    if (small[i]! < threshold) {
      xs[n] = i % width;
      ys[n++] = (i / width) | 0;
    }
  }
  return { xs, ys, width, height };
}

/**
 * How sharply the ink falls into rows when sheared by `tan` (sum of squared row counts). A point's
 * row is its `across` coordinate moved by the shift of its place `along`, so the shifts are worked
 * out once per place rather than once per point (`alongExtent` places).
 */
function rowScore(
  along: Int32Array,
  across: Int32Array,
  extent: number,
  alongExtent: number,
  tan: number,
): number {
  const pad = Math.ceil(Math.abs(tan) * 4096) + 1;
  const bins = new Int32Array(extent + 2 * pad);
  const shift = new Int32Array(alongExtent);
  for (let a = 0; a < alongExtent; a++) shift[a] = Math.round(-a * tan) + pad;
  for (let i = 0; i < along.length; i++) {
    const b = across[i]! + shift[along[i]!]!;
    if (b >= 0 && b < bins.length) bins[b]!++;
  }
  let s = 0;
  for (const v of bins) s += v * v;
  return s;
}

function bestShear(
  along: Int32Array,
  across: Int32Array,
  extent: number,
  alongExtent: number,
): { angle: number; score: number } {
  let best = { angle: 0, score: -1 };
  const tryAngle = (deg: number) => {
    const score = rowScore(along, across, extent, alongExtent, Math.tan((deg * Math.PI) / 180));
    if (score > best.score) best = { angle: deg, score };
  };
  for (let d = -MAX_SKEW; d <= MAX_SKEW + 1e-9; d += 0.5) tryAngle(d);
  const coarse = best.angle;
  for (let d = coarse - 0.4; d <= coarse + 0.4 + 1e-9; d += 0.1) tryAngle(Math.round(d * 10) / 10);
  return best;
}

/** The best shear of `ink`'s rows, worked out once per ink: isSideways and skewAngle both ask. */
const rowShears = new WeakMap<Ink, { angle: number; score: number }>();
function rowShear(ink: Ink): { angle: number; score: number } {
  let shear = rowShears.get(ink);
  if (!shear) {
    shear = bestShear(ink.xs, ink.ys, ink.height, ink.width);
    rowShears.set(ink, shear);
  }
  return shear;
}

/** The tilt of the text lines in degrees (clockwise positive), within ±MAX_SKEW; 0 without ink. */
export function skewAngle(ink: Ink): number {
  if (ink.xs.length < 50) return 0;
  return rowShear(ink).angle;
}

/** True when the ink forms columns far more sharply than rows: text lines running down the page. */
export function isSideways(ink: Ink): boolean {
  if (ink.xs.length < 200) return false;
  // Sum of squares × bins ÷ ink² is 1 + the squared variation of the profile, whatever its length.
  const rows = rowShear(ink).score * ink.height;
  const cols = bestShear(ink.ys, ink.xs, ink.width, ink.height).score * ink.width;
  return cols > rows * 1.3;
}
