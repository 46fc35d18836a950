// Perspective maps of a grey raster: the homography taking four points to four others, and the
// inverse-mapped warp with bilinear sampling that applies one (sharp has no perspective warp).
// Used to map a photographed page's four corners onto an upright rectangle (page-corners.ts).
import type { GreyImage } from './grey-image.js';

export type Point = [number, number];

/** The homography taking the four points `from` to `to`, as 9 numbers (row-major, last 1). */
export function homography(from: Point[], to: Point[]): number[] {
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gauss-Jordan elimination with partial pivoting (8×8).
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    const pivot = A[c]![c]!;
    if (Math.abs(pivot) < 1e-12) throw new Error('degenerate quadrilateral: three corners in a line');
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / pivot;
      for (let k = c; k < 8; k++) A[r]![k]! -= f * A[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return [...b.map((v, i) => v / A[i]![i]!), 1];
}

/** Where homography `h` takes the point (x, y). */
export function mapPoint(h: number[], [x, y]: Point): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/**
 * A `width` × `height` image whose pixel (x, y) is `src` sampled (bilinear) at `h`(x, y): `h`
 * maps the output to the source. Pixels mapped outside the source are `fill`.
 */
export function warpPerspective(
  src: GreyImage,
  h: number[],
  width: number,
  height: number,
  fill = 255,
): GreyImage {
  const out = Buffer.alloc(width * height, fill);
  const { data, width: sw, height: sh } = src;
  if (sw < 2 || sh < 2) return { data: out, width, height };
  for (let y = 0; y < height; y++) {
    // Pixel centres: output (x + 0.5, y + 0.5) to source coordinates, less the source's half pixel.
    const yc = y + 0.5;
    let nu = h[0]! * 0.5 + h[1]! * yc + h[2]!;
    let nv = h[3]! * 0.5 + h[4]! * yc + h[5]!;
    let nw = h[6]! * 0.5 + h[7]! * yc + h[8]!;
    const row = y * width;
    for (let x = 0; x < width; x++, nu += h[0]!, nv += h[3]!, nw += h[6]!) {
      const u = nu / nw - 0.5;
      const v = nv / nw - 0.5;
      if (u < 0 || v < 0 || u > sw - 1 || v > sh - 1) continue;
      const x0 = Math.min(sw - 2, u | 0);
      const y0 = Math.min(sh - 2, v | 0);
      const fx = u - x0;
      const fy = v - y0;
      const i = y0 * sw + x0;
      const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
      const bottom = data[i + sw]! + (data[i + sw + 1]! - data[i + sw]!) * fx;
      out[row + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { data: out, width, height };
}
