// Cutting a page into bands: cuts only in blank rows between lines, near equal shares of ink,
// none when a band would hold too little of the text.
import { describe, expect, it } from 'vitest';
import { bandCuts, bandsOf, rowInk } from './bands.js';
import type { GreyImage } from './preprocess.js';

/** A white page `width` wide with black "text lines" over the given [top, bottom) rows. */
function page(height: number, lines: Array<[number, number]>, width = 200): GreyImage {
  const data = Buffer.alloc(width * height, 255);
  for (const [top, bottom] of lines) data.fill(0, top * width + 20, bottom * width - 20);
  return { data, width, height };
}

describe('bandCuts', () => {
  it('cuts in the middle of the blank gap that shares the ink most equally', () => {
    // Four equal lines: the cut goes between the second and the third.
    const img = page(400, [
      [40, 60],
      [80, 100],
      [150, 170],
      [190, 210],
    ]);
    expect(bandCuts(img, 2)).toEqual([125]);
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

describe('bandsOf', () => {
  it('gives bands covering the page top to bottom, sharing its pixels', () => {
    const img = page(300, [[10, 20]]);
    const bands = bandsOf(img, [100, 250]);
    expect(bands.map((b) => [b.top, b.img.height])).toEqual([
      [0, 100],
      [100, 150],
      [250, 50],
    ]);
    expect(bands[1]!.img.data.buffer).toBe(img.data.buffer);
    expect(bands[1]!.img.data.byteOffset - img.data.byteOffset).toBe(100 * img.width);
  });
});
