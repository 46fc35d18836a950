// The homography of four point pairs and the warp that applies one: points land where asked,
// the identity warp changes nothing, and a warp samples between pixels.
import { describe, expect, it } from 'vitest';
import { homography, mapPoint, type Point, warpPerspective } from './perspective.js';

describe('homography', () => {
  it('takes each of four points to its partner', () => {
    const from: Point[] = [
      [10, 20],
      [300, 5],
      [320, 410],
      [-4, 390],
    ];
    const to: Point[] = [
      [0, 0],
      [200, 0],
      [200, 280],
      [0, 280],
    ];
    const h = homography(from, to);
    for (let i = 0; i < 4; i++) {
      const [x, y] = mapPoint(h, from[i]!);
      expect(x).toBeCloseTo(to[i]![0], 6);
      expect(y).toBeCloseTo(to[i]![1], 6);
    }
  });

  it('refuses three corners in a line', () => {
    const line: Point[] = [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 5],
    ];
    expect(() => homography(line, line)).toThrow(/degenerate/);
  });
});

describe('warpPerspective', () => {
  const img = { data: Buffer.from(Array.from({ length: 12 }, (_, i) => i * 20)), width: 4, height: 3 };
  const square: Point[] = [
    [0, 0],
    [4, 0],
    [4, 3],
    [0, 3],
  ];

  it('leaves an image as it is under the identity', () => {
    const out = warpPerspective(img, homography(square, square), 4, 3);
    expect([...out.data]).toEqual([...img.data]);
  });

  it('samples between pixels, and fills what falls outside the source', () => {
    // Shifted half a pixel right: each value the mean of two neighbours, the last column outside.
    const shifted = square.map(([x, y]) => [x + 0.5, y] as Point);
    const out = warpPerspective(img, homography(square, shifted), 4, 3, 7);
    expect([...out.data.subarray(0, 4)]).toEqual([10, 30, 50, 7]);
  });
});
