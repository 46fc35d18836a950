// Table rules and box lines taken off a page before OCR. Tesseract reads a label that sits on a
// cell's bottom rule ("Rechnungsdatum" in a boxed header) as noise, and reads a column line
// beside a value as "|" or "1". A rule is ink in one straight run far longer than any stroke of
// a letter, and thin: such runs are painted paper. Thick runs (a black banner with white text,
// a filled box) are left alone, and so is everything else on the page.
import type { GreyImage } from './grey-image.js';

/** A run of ink at least this long, in inches, is a line: across the page longer than any word
 * (small blurred print runs together along its middle: 25 mm), down the page longer than the
 * stem of any letter of body text (6 mm; the stem of a headline letter that tall is thicker
 * than a rule). On the scan corpus, 13 mm down the page left the cell borders of boxed totals
 * in place and read 16 fewer fields right. */
const MIN_RULE_INCHES = { rows: 1, columns: 0.25 };
/** A line whose dark core is at most this thick, in inches, is a rule (about 0.6 mm); thicker
 * is a bar or a filled box. */
const MAX_RULE_INCHES = 0.025;
/** Gaps of this many pixels (a scan's dropouts) do not break a run. */
const MAX_GAP = 1;
/** Pixels this dark are ink for sure; a rule's core is nearly all such pixels along its length,
 * while a row through small blurred text, grey between the letters, is not. */
const DARK = 128;
const MIN_DARK_SHARE = 0.6;
/** The blurred edge painted off each side of a rule's core, in pixels. */
const EDGE = 2;

/**
 * `img` with its thin horizontal and vertical rules painted white (in place), at `dpi` pixels
 * per inch (the page's resolution after scaling), its paper white (contrast stretched). A rule's
 * blurred edge counts as part of it: anything visibly darker than paper, below `threshold`.
 */
export function removeRules(img: GreyImage, dpi: number, threshold = 200): GreyImage {
  const minRun = (along: 'rows' | 'columns') => Math.max(20, Math.round(MIN_RULE_INCHES[along] * dpi));
  const maxThick = Math.max(2, Math.round(MAX_RULE_INCHES * dpi));
  const horizontal = rowRuns(img, threshold, minRun('rows'));
  const vertical = columnRuns(img, threshold, minRun('columns'));
  // Decide on the thickness before painting either: a crossing of two rules is in both masks.
  const paint: Marks = { mask: new Uint8Array(img.width * img.height), rows: new Uint8Array(img.height) };
  thinAcrossRows(horizontal, img.width, img.height, maxThick, paint);
  thinAcrossColumns(vertical, img.width, img.height, maxThick, paint);
  for (let y = 0; y < img.height; y++) {
    if (!paint.rows[y]) continue;
    for (let i = y * img.width, end = i + img.width; i < end; i++) if (paint.mask[i]) img.data[i] = 255;
  }
  return img;
}

/**
 * Pixels marked 1 in `mask`, and which rows hold any: most of a page holds no rule, and the
 * passes after the first skip those rows (a third of the preparation time, measured, went into
 * walking empty masks).
 */
interface Marks {
  mask: Uint8Array;
  rows: Uint8Array;
}

/** Where a run of pixels darker than `threshold` ends: long enough and dark enough for a rule. */
function isRule(run: number, dark: number, minRun: number): boolean {
  return run >= minRun && dark >= run * MIN_DARK_SHARE;
}

/** 1 where a pixel belongs to a rule-like run along its row. */
function rowRuns(img: GreyImage, threshold: number, minRun: number): Marks {
  const { width, height, data } = img;
  const mask = new Uint8Array(width * height);
  const rows = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = -1;
    let last = -1;
    let dark = 0;
    for (let x = 0; x <= width; x++) {
      const v = x < width ? data[row + x]! : 255;
      if (v < threshold) {
        if (start < 0) [start, dark] = [x, 0];
        last = x;
        if (v < DARK) dark++;
      } else if (start >= 0 && (x === width || x - last > MAX_GAP)) {
        if (isRule(last + 1 - start, dark, minRun)) {
          mask.fill(1, row + start, row + last + 1);
          rows[y] = 1;
        }
        start = -1;
      }
    }
  }
  return { mask, rows };
}

/** 1 where a pixel belongs to a rule-like run down its column (walked row by row, as the pixels
 * lie in memory, each column keeping its run in the arrays). */
function columnRuns(img: GreyImage, threshold: number, minRun: number): Marks {
  const { width, height, data } = img;
  const mask = new Uint8Array(width * height);
  const rows = new Uint8Array(height);
  const start = new Int32Array(width).fill(-1);
  const last = new Int32Array(width);
  const dark = new Int32Array(width);
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x < width; x++) {
      const v = y < height ? data[y * width + x]! : 255;
      if (v < threshold) {
        if (start[x]! < 0) [start[x], dark[x]] = [y, 0];
        last[x] = y;
        if (v < DARK) dark[x]!++;
      } else if (start[x]! >= 0 && (y === height || y - last[x]! > MAX_GAP)) {
        if (isRule(last[x]! + 1 - start[x]!, dark[x]!, minRun))
          for (let j = start[x]!; j <= last[x]!; j++) {
            mask[j * width + x] = 1;
            rows[j] = 1;
          }
        start[x] = -1;
      }
    }
  }
  return { mask, rows };
}

/**
 * The pixels to paint for the horizontal runs in `mask`: down each column, every stretch of
 * marked pixels at most `maxThick` tall, widened by EDGE pixels for the rule's blurred edge.
 */
function thinAcrossRows(marks: Marks, width: number, height: number, maxThick: number, paint: Marks) {
  const { mask, rows } = marks;
  const start = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y++) {
    // A stretch can only begin or end on a row that is marked or follows a marked one.
    if (!rows[y] && !(y > 0 && rows[y - 1])) continue;
    for (let x = 0; x < width; x++) {
      const on = y < height && mask[y * width + x] === 1;
      if (on && start[x]! < 0) start[x] = y;
      else if (!on && start[x]! >= 0) {
        if (y - start[x]! <= maxThick)
          for (let j = Math.max(0, start[x]! - EDGE); j < Math.min(height, y + EDGE); j++) {
            paint.mask[j * width + x] = 1;
            paint.rows[j] = 1;
          }
        start[x] = -1;
      }
    }
  }
}

/** The same for the vertical runs: along each row, stretches at most `maxThick` wide. */
function thinAcrossColumns(marks: Marks, width: number, height: number, maxThick: number, paint: Marks) {
  const { mask, rows } = marks;
  for (let y = 0; y < height; y++) {
    if (!rows[y]) continue;
    const row = y * width;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && mask[row + x] === 1;
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start <= maxThick) {
          paint.mask.fill(1, row + Math.max(0, start - EDGE), row + Math.min(width, x + EDGE));
          paint.rows[y] = 1;
        }
        start = -1;
      }
    }
  }
}
