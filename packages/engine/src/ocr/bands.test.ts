// Cutting a page into bands: cuts only in blank rows between lines, near equal shares of strokes,
// none when a band would hold too little of the text.
import { describe, expect, it } from 'vitest';
import { bandCuts, maskedBands, rowStrokes } from './bands.js';
import type { GreyImage } from './grey-image.js';

/** A white page `width` wide with black "text lines" over the given [top, bottom) rows. */
function page(height: number, lines: Array<[number, number]>, width = 200): GreyImage {
  const data = Buffer.alloc(width * height, 255);
  for (const [top, bottom] of lines) data.fill(0, top * width + 20, bottom * width - 20);
  return { data, width, height };
}

/** Ink pixels in each row of `img`. */
function rowInk(img: GreyImage): number[] {
  return Array.from({ length: img.height }, (_, y) =>
    img.data.subarray(y * img.width, (y + 1) * img.width).reduce((n, v) => n + (v < 192 ? 1 : 0), 0),
  );
}

describe('bandCuts', () => {
  it('cuts in the middle of the blank gap that shares the strokes most equally', () => {
    // Four equal lines: the cut goes between the second and the third.
    const img = page(400, [
      [40, 60],
      [80, 100],
      [150, 170],
      [190, 210],
    ]);
    expect(bandCuts(img, 2)).toEqual([125]);
  });

  it('shares the strokes, not the ink: a solid bar weighs as little as its strokes', () => {
    // A black bar (one stroke a row) over four lines of letter-like stripes (40 strokes a row).
    const img = page(400, [[20, 120]]);
    for (const top of [140, 180, 220, 260])
      for (let y = top; y < top + 20; y++)
        for (let x = 20; x < 180; x += 4) img.data.fill(0, y * img.width + x, y * img.width + x + 2);
    expect(rowStrokes(img)[50]).toBe(1);
    expect(rowStrokes(img)[150]).toBe(40);
    // Half the strokes lie above the gap between the second and the third line; half the ink
    // would lie in the bar.
    expect(bandCuts(img, 2, 0)).toEqual([210]);
  });

  it('never cuts through ink', () => {
    const img = page(400, [
      [40, 60],
      [60, 250],
      [250, 300],
    ]);
    expect(bandCuts(img, 2)).toEqual([]);
    // And wherever it cuts a page with gaps, the row cut is blank.
    const lined = page(
      1000,
      Array.from({ length: 30 }, (_, i) => [30 + i * 31, 50 + i * 31 + (i % 3) * 5] as [number, number]),
    );
    const ink = rowInk(lined);
    const cuts = bandCuts(lined, 3);
    expect(cuts.length).toBe(2);
    for (const c of cuts) expect(ink[c]).toBe(0);
  });

  it('does not cut off a band with too little of the text', () => {
    // One heading line, then a dense block: the only gap leaves the heading alone above it.
    const img = page(400, [
      [20, 30],
      [60, 380],
    ]);
    expect(bandCuts(img, 2)).toEqual([]);
  });

  it('leaves a blank page and a single band whole', () => {
    expect(bandCuts(page(300, []), 2)).toEqual([]);
    expect(bandCuts(page(300, [[10, 20]]), 1)).toEqual([]);
  });
});

describe('maskedBands', () => {
  // Eight equal lines: eight slices, every other one in each band.
  const lines = Array.from({ length: 8 }, (_, i) => [20 + i * 40, 40 + i * 40] as [number, number]);
  const img = page(360, lines);
  const inkRows = (b: { data: Buffer; width: number; height: number }) =>
    rowInk(b).flatMap((n, y) => (n ? [y] : []));

  it('leaves every other line of the page in each band, where it stands on the page', () => {
    const bands = maskedBands(img, 2, 4);
    expect(bands.length).toBe(2);
    for (const b of bands) expect([b.width, b.height]).toEqual([img.width, img.height]);
    const [a, b] = bands.map(inkRows);
    // Lines 1, 3, 5, 7 in the first band, 2, 4, 6, 8 in the second: each line's rows whole.
    const rowsOf = (i: number) => Array.from({ length: 20 }, (_, k) => 20 + i * 40 + k);
    expect(a).toEqual([0, 2, 4, 6].flatMap(rowsOf));
    expect(b).toEqual([1, 3, 5, 7].flatMap(rowsOf));
    // A kept row is the page's row, pixel for pixel; a row of the other band is paper.
    const row = (g: { data: Buffer; width: number }, y: number) =>
      g.data.subarray(y * g.width, (y + 1) * g.width);
    expect(row(bands[1]!, 70)).toEqual(row(img, 70));
    expect(row(bands[0]!, 70).every((v) => v === 255)).toBe(true);
    expect(rowInk(bands[0]!).reduce((x, y) => x + y, 0)).toBe(rowInk(bands[1]!).reduce((x, y) => x + y, 0));
  });

  it('gives the whole page as one band when it cannot be cut, or when one band is asked', () => {
    const solid = page(300, [[10, 290]]);
    expect(maskedBands(solid, 2, 4)).toEqual([solid]);
    expect(maskedBands(solid, 2, 4)[0]).toBe(solid);
    expect(maskedBands(img, 1, 4)[0]).toBe(img);
    // Ink in one line only: a second band would be empty.
    const one = page(300, [[100, 120]]);
    expect(maskedBands(one, 2, 4)[0]).toBe(one);
  });
});
