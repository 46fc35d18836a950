// Where a field's box sits on the page picture: the engine gives `[x0, y0, x1, y1]` in page
// fractions (0..1 from the top left), the screen needs pixels of the picture as it is drawn.
import type { FieldDetail } from './data.js';

export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** The box in pixels of a picture drawn `size` large; null for a missing or empty box. */
export function bboxToPixels(
  bbox: readonly [number, number, number, number] | null | undefined,
  size: { width: number; height: number },
): PixelBox | null {
  if (!bbox?.every(Number.isFinite)) return null;
  // Corners may come in either order; a box reaching past the page is cut at its edge.
  const x0 = clamp(Math.min(bbox[0], bbox[2]));
  const x1 = clamp(Math.max(bbox[0], bbox[2]));
  const y0 = clamp(Math.min(bbox[1], bbox[3]));
  const y1 = clamp(Math.max(bbox[1], bbox[3]));
  if (x1 <= x0 || y1 <= y0 || size.width <= 0 || size.height <= 0) return null;
  return {
    left: x0 * size.width,
    top: y0 * size.height,
    width: (x1 - x0) * size.width,
    height: (y1 - y0) * size.height,
  };
}

/** The fields seen on page `page` (from 1) with a box to draw. */
export function fieldsOnPage(fields: readonly FieldDetail[], page: number): FieldDetail[] {
  return fields.filter((f) => f.page === page && f.bbox !== null && f.value !== '');
}
