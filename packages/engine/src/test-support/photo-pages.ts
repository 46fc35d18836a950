// Phone photos for tests, made on the spot: a grey page laid on a dark table with its corners
// where a test wants them (perspective and turn in one), lit unevenly. The photo corpus script
// (scripts/photo-set.mjs) makes the full-size seeded set; this is the small, exact kind.

import type { GreyImage } from '../ocr/grey-image.js';
import { homography, type Point, warpPerspective } from '../ocr/perspective.js';

/**
 * A `width` × `height` photo of `page` with its corners (top left, top right, bottom right,
 * bottom left) at `corners`, on a table of grey `table`, the light falling to `dim` of itself
 * from left to right.
 */
export function photographed(
  page: GreyImage,
  corners: Point[],
  width: number,
  height: number,
  opts: { table?: number; dim?: number } = {},
): GreyImage {
  const rect: Point[] = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ];
  const photo = warpPerspective(page, homography(corners, rect), width, height, opts.table ?? 60);
  const dim = opts.dim ?? 0.7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      photo.data[i] = Math.round(photo.data[i]! * (1 - ((1 - dim) * x) / width));
    }
  return photo;
}
