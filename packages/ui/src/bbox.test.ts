import { describe, expect, it } from 'vitest';
import { bboxToPixels, fieldsOnPage } from './bbox.js';
import type { FieldDetail } from './data.js';

describe('bboxToPixels', () => {
  it('maps page fractions to pixels of the drawn picture', () => {
    expect(bboxToPixels([0.1, 0.2, 0.5, 0.25], { width: 1000, height: 1414 })).toEqual({
      left: 100,
      top: 282.8,
      width: 400,
      height: expect.closeTo(70.7, 6),
    });
  });

  it('takes corners in either order and cuts a box at the page edge', () => {
    expect(bboxToPixels([0.9, 0.5, 1.2, 0.4], { width: 100, height: 200 })).toEqual({
      left: 90,
      top: 80,
      width: expect.closeTo(10, 6),
      height: expect.closeTo(20, 6),
    });
  });

  it('draws nothing for no box, an empty box, NaN or an unmeasured picture', () => {
    expect(bboxToPixels(null, { width: 100, height: 100 })).toBeNull();
    expect(bboxToPixels([0.2, 0.2, 0.2, 0.5], { width: 100, height: 100 })).toBeNull();
    expect(bboxToPixels([Number.NaN, 0, 1, 1], { width: 100, height: 100 })).toBeNull();
    expect(bboxToPixels([0, 0, 1, 1], { width: 0, height: 0 })).toBeNull();
  });
});

describe('fieldsOnPage', () => {
  const f = (key: string, page: number | null, bbox: FieldDetail['bbox'], value = 'x'): FieldDetail => ({
    key,
    value,
    edited: false,
    status: 'confirmed',
    flags: [],
    confidence: 0.9,
    source: 'text',
    page,
    bbox,
  });
  it('keeps the fields seen on that page with a box and a value', () => {
    const fields = [
      f('a', 1, [0, 0, 0.1, 0.1]),
      f('b', 2, [0, 0, 0.1, 0.1]),
      f('c', 1, null),
      f('d', 1, [0, 0, 0.1, 0.1], ''),
    ];
    expect(fieldsOnPage(fields, 1).map((x) => x.key)).toEqual(['a']);
    expect(fieldsOnPage(fields, 2).map((x) => x.key)).toEqual(['b']);
  });
});
