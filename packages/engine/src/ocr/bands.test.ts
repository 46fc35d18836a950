// Cutting a page into bands: cuts only in blank rows between lines, near equal shares of ink,
// none when a band would hold too little of the text.
import { describe, expect, it } from 'vitest';
import { bandCuts, bandsOf, interleavedBands, pageRow, rowInk } from './bands.js';
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

describe('interleavedBands', () => {
  // Eight equal lines: eight slices, every other one in each band.
  const lines = Array.from({ length: 8 }, (_, i) => [20 + i * 40, 40 + i * 40] as [number, number]);
  const img = page(360, lines);

  it('stacks every other slice of the page in each band, rows copied as they are', () => {
    const bands = interleavedBands(img, 2, 4);
    expect(bands.map((b) => b.slices.map((s) => s.top))).toEqual([
      [0, 90, 170, 250],
      [50, 130, 210, 290],
    ]);
    const [a, b] = bands;
    expect(a!.img.height + b!.img.height).toBe(img.height);
    // Band b's second slice starts at its own row 40: the page's rows 130 onwards.
    const s = b!.slices[1]!;
    expect(s.at).toBe(40);
    expect(b!.img.data.subarray(s.at * img.width, (s.at + s.height) * img.width)).toEqual(
      img.data.subarray(s.top * img.width, (s.top + s.height) * img.width),
    );
    expect(rowInk(a!.img).reduce((x, y) => x + y, 0)).toBe(rowInk(b!.img).reduce((x, y) => x + y, 0));
  });

  it('maps a band row back to its page row', () => {
    const [, b] = interleavedBands(img, 2, 4);
    expect(pageRow(b!, 0)).toBe(50);
    expect(pageRow(b!, 45)).toBe(135);
    expect(pageRow(b!, b!.img.height - 1)).toBe(img.height - 1);
  });

  it('gives the whole page as one band when it cannot be cut', () => {
    const solid = page(300, [[10, 290]]);
    const [only, ...none] = interleavedBands(solid, 2, 4);
    expect(none).toEqual([]);
    expect(only!.img).toBe(solid);
    expect(only!.slices).toEqual([{ top: 0, at: 0, height: 300 }]);
  });
});
