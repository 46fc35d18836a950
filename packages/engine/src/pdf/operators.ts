// What the engine reads of pdf.js's operator lists: the operator codes it looks for (OPS in
// pdf.js, stable across its versions) and the transformation matrices that place an image.

export const OPS = {
  dependency: 1,
  setRenderingIntent: 7,
  setFlatness: 8,
  save: 10,
  restore: 11,
  transform: 12,
  beginMarkedContent: 69,
  beginMarkedContentProps: 70,
  endMarkedContent: 71,
  paintImage: 85,
  paintInlineImage: 86,
} as const;

/** A PDF transformation matrix [a b c d e f]. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `n` applied first, then `m`, as a `cm` operator inside `m` does. */
export function times(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** How far (in points) an image's edges may lie from the page's: a scanner's rounding. */
const EDGE_POINTS = 1;

/**
 * Whether the image unit square, placed by `m`, lies upright (unturned, unflipped) over the whole
 * page box [x0, y0, x1, y1]: a scan of the page and nothing around it.
 */
export function coversPage(m: Matrix, [x0, y0, x1, y1]: readonly number[]): boolean {
  const [a, b, c, d, e, f] = m;
  const near = (p: number, q: number) => Math.abs(p - q) <= EDGE_POINTS;
  return (
    b === 0 &&
    c === 0 &&
    a > 0 &&
    d > 0 &&
    near(e, x0 ?? 0) &&
    near(f, y0 ?? 0) &&
    near(a, (x1 ?? 0) - (x0 ?? 0)) &&
    near(d, (y1 ?? 0) - (y0 ?? 0))
  );
}
