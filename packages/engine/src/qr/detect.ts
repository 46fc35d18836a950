// Finds and decodes the QR codes on one page raster (Swiss QR-bill, EPC/GiroCode) with jsQR.
// jsQR reads one code per call and is slow on text-heavy pages, so we locate QR finder patterns
// ourselves (cheap) and hand jsQR small crops; whole-image, tile and rotated passes back that up.
import jsQRModule from 'jsqr';
import type { Raster } from '../image/load.js';

// jsqr is CommonJS typed as `export default`: TypeScript (NodeNext) sees the default import as the
// module object, Node gives the function itself; both carry the function as `.default`.
const jsQR = jsQRModule.default;

export interface QrCode {
  text: string;
  /** 1-based page (or image) number it was found on. */
  page: number;
  /** x0, y0 (top left), x1, y1 (bottom right) as fractions 0..1 of the image's width and height. */
  bbox: [number, number, number, number];
}

/** A grey image, one byte per pixel. */
type Gray = { g: Uint8Array; w: number; h: number };
/** A rectangle in pixel coordinates. */
type Box = { x0: number; y0: number; x1: number; y1: number };
/** A finder pattern (one of the three nested squares): centre, module size, rows that saw it. */
type Finder = { x: number; y: number; u: number; n: number };

// A4 at ~150 dpi: a Swiss QR code (46 mm, ≤ 117 modules) is ≥ 270 px, ≥ 2.3 px per module.
const WORK_MAX = 1800;
const WHOLE_MAX = 1600; // long side for a whole-image jsQR pass
const SMALL_PIXELS = 600_000; // a whole-image pass this small: ~20-40 ms on a clean image
const MAX_CODES = 8; // per pass: codes found, painted out and searched for again
const MAX_CANDIDATES = 12;
const MIN_SIDE = 21; // a version-1 code has 21 modules

/** The QR codes on `raster` (deduplicated by text), tagged with `page`. */
export function detectQrCodes(raster: Raster, page: number): QrCode[] {
  const work = toGray(raster, WORK_MAX);
  const found = new Map<string, QrCode>();
  const decoded: Box[] = []; // areas (working pixels) of the codes read, painted white
  const whole: Box = { x0: 0, y0: 0, x1: work.w, y1: work.h };

  /** jsQR on part `b` of the working image, resampled to `scale`, transposed if asked; repeated. */
  const scan = (b: Box, scale: number, transpose: boolean, repeat: number): boolean => {
    const c = crop(work, b);
    const sized = scale > 1 ? upscale(c.img, scale) : fitLongSide(c.img, Math.max(c.img.w, c.img.h) * scale);
    const img = transpose ? transposed(sized) : sized;
    const s = sized.w / c.img.w;
    const toWork = (x: number, y: number): [number, number] =>
      transpose ? [y / s + c.x0, x / s + c.y0] : [x / s + c.x0, y / s + c.y0];
    let any = false;
    for (let i = 0; i < repeat && img.w >= MIN_SIDE && img.h >= MIN_SIDE; i++) {
      const code = jsQR(toRgba(img), img.w, img.h, { inversionAttempts: 'dontInvert' });
      if (!code) break;
      const l = code.location;
      const corners = [l.topLeftCorner, l.topRightCorner, l.bottomRightCorner, l.bottomLeftCorner];
      const box = boundsOf(corners.flatMap((p) => toWork(p.x, p.y)));
      // Paint it out where jsQR looks next (this image) and in later passes (the working image).
      paintWhite(img, grow(boundsOf(corners.flatMap((p) => [p.x, p.y])), 0.08));
      paintWhite(work, grow(box, 0.08));
      decoded.push(box);
      if (!found.has(code.data)) found.set(code.data, { text: code.data, page, bbox: fractions(box, work) });
      any = true;
    }
    return any;
  };
  const explained = (b: Box): boolean => decoded.some((d) => overlap(b, d) > 0.3);

  // 1. Crops around each triple of finder patterns, in a few framings (jsQR's sampling is fickle):
  //    finder centres sit 3.5 modules inside the code, whose quiet zone is 4 more; below ~3.5 px
  //    per module a 2× bilinear upscale reads best (measured on the corpus at 100-180 dpi).
  let pending: Box[] = [];
  for (const { box, u } of candidateBoxes(findFinders(work)).slice(0, MAX_CANDIDATES)) {
    if (explained(box)) continue;
    const [near, far] = [grow(box, 0, 8 * u), grow(box, 0, 11 * u)];
    const scales = u < 3.5 ? [2, 1] : [1, 2];
    const ok =
      scales.some((k) => scan(near, k, false, 1)) || scan(far, 1.5, false, 1) || scan(near, 1, true, 1);
    if (!ok) pending.push(box);
  }

  // 2. The whole image: when small and nothing was read (cheap), or when finder patterns were seen
  //    but not read; a large page without any finder pattern has no code jsQR could read either.
  const fit = Math.min(1, WHOLE_MAX / Math.max(work.w, work.h));
  if ((!found.size && work.w * work.h <= SMALL_PIXELS) || pending.length) scan(whole, fit, false, MAX_CODES);
  // 3. Last resorts for what is still unread: overlapping tiles (2×2, 3×3) holding it at working
  //    resolution, then the whole image turned by 90°.
  for (const n of [2, 3, 0]) {
    pending = pending.filter((b) => !explained(b));
    if (!pending.length) break;
    if (!n) scan(whole, fit, true, MAX_CODES);
    for (const tile of n ? tiles(work, n, 0.3) : [])
      if (pending.some((b) => contains(tile, b))) scan(tile, 1, false, MAX_CODES);
  }
  return [...found.values()];
}

/**
 * The raster in grey (Rec. 709 luminance, composited on white where transparent), area-averaged
 * down so its long side is ≤ max. Rows are summed as they are converted, so a large image never
 * exists in full as grey; a second call on a grey image (`fitLongSide`) does the same from grey.
 */
function toGray(r: Raster, max: number): Gray {
  const d = r.data;
  const lum = (j: number): number => {
    const y = (d[j]! * 54 + d[j + 1]! * 183 + d[j + 2]! * 19) >> 8;
    const a = d[j + 3]!;
    return a === 255 ? y : (y * a + 255 * (255 - a)) / 255;
  };
  if (Math.max(r.width, r.height) <= max) {
    const g = new Uint8Array(r.width * r.height);
    for (let i = 0; i < g.length; i++) g[i] = lum(i * 4);
    return { g, w: r.width, h: r.height };
  }
  return shrink(r.width, r.height, max, (row, out) => {
    for (let x = 0, j = row * r.width * 4; x < r.width; x++, j += 4) out[x] = lum(j);
  });
}

function fitLongSide(src: Gray, max: number): Gray {
  if (Math.max(src.w, src.h) <= max) return src;
  return shrink(src.w, src.h, max, (row, out) => out.set(src.g.subarray(row * src.w, (row + 1) * src.w)));
}

/** Area-average downscale of a w×h image whose rows `readRow` supplies, to a long side ≤ max. */
function shrink(w: number, h: number, max: number, readRow: (row: number, out: Float32Array) => void): Gray {
  const f = Math.max(1, Math.max(w, h) / max);
  const [ow, oh] = [Math.max(1, Math.round(w / f)), Math.max(1, Math.round(h / f))];
  const g = new Uint8Array(ow * oh);
  const row = new Float32Array(w);
  const acc = new Float32Array(w);
  // Source columns [xs[x], xs[x+1]) make output column x; likewise rows.
  const xs = Array.from({ length: ow + 1 }, (_, x) => Math.round((x * w) / ow));
  for (let y = 0, sy = 0; y < oh; y++) {
    const end = Math.round(((y + 1) * h) / oh);
    acc.fill(0);
    const rows = end - sy;
    for (; sy < end; sy++) {
      readRow(sy, row);
      for (let x = 0; x < w; x++) acc[x] = acc[x]! + row[x]!;
    }
    for (let x = 0; x < ow; x++) {
      let sum = 0;
      for (let sx = xs[x]!; sx < xs[x + 1]!; sx++) sum += acc[sx]!;
      g[y * ow + x] = sum / ((xs[x + 1]! - xs[x]!) * rows);
    }
  }
  return { g, w: ow, h: oh };
}

function crop(src: Gray, b: Box): { img: Gray; x0: number; y0: number } {
  const x0 = clamp(Math.floor(b.x0), 0, src.w);
  const y0 = clamp(Math.floor(b.y0), 0, src.h);
  const w = clamp(Math.ceil(b.x1), 0, src.w) - x0;
  const h = clamp(Math.ceil(b.y1), 0, src.h) - y0;
  const g = new Uint8Array(Math.max(0, w * h));
  for (let y = 0; y < h; y++) g.set(src.g.subarray((y0 + y) * src.w + x0, (y0 + y) * src.w + x0 + w), y * w);
  return { img: { g, w: Math.max(0, w), h: Math.max(0, h) }, x0, y0 };
}

/** Mirror on the diagonal: with jsQR's own mirror handling, as good as a 90° turn and cheaper. */
function transposed(src: Gray): Gray {
  const g = new Uint8Array(src.w * src.h);
  for (let y = 0; y < src.h; y++) for (let x = 0; x < src.w; x++) g[x * src.h + y] = src.g[y * src.w + x]!;
  return { g, w: src.h, h: src.w };
}

/** Bilinear enlargement by f > 1: at 2-3 px per module it helps jsQR's binariser and sampler. */
function upscale(src: Gray, f: number): Gray {
  if (src.w < 2 || src.h < 2) return src;
  const [w, h] = [Math.round(src.w * f), Math.round(src.h * f)];
  const g = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = clamp((y + 0.5) / f - 0.5, 0, src.h - 1.001);
    const [y0, fy] = [Math.floor(sy), sy - Math.floor(sy)];
    for (let x = 0; x < w; x++) {
      const sx = clamp((x + 0.5) / f - 0.5, 0, src.w - 1.001);
      const [i, fx] = [y0 * src.w + Math.floor(sx), sx - Math.floor(sx)];
      const top = src.g[i]! * (1 - fx) + src.g[i + 1]! * fx;
      const bottom = src.g[i + src.w]! * (1 - fx) + src.g[i + src.w + 1]! * fx;
      g[y * w + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { g, w, h };
}

function toRgba(src: Gray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(src.w * src.h * 4).fill(255); // alpha, and the rest overwritten
  for (let i = 0, j = 0; i < src.g.length; i++, j += 4) out[j] = out[j + 1] = out[j + 2] = src.g[i]!;
  return out;
}

function paintWhite(img: Gray, b: Box): void {
  const x0 = clamp(Math.floor(b.x0), 0, img.w);
  const x1 = clamp(Math.ceil(b.x1), 0, img.w);
  for (let y = clamp(Math.floor(b.y0), 0, img.h); y < clamp(Math.ceil(b.y1), 0, img.h); y++)
    img.g.fill(255, y * img.w + x0, y * img.w + x1);
}

/**
 * Finder patterns: runs dark-light-dark-light-dark in ratio 1:1:3:1:1 along a row, confirmed
 * down the column through their centre, on an image binarised against local 8×8-block levels.
 */
function findFinders(img: Gray): Finder[] {
  const { w, h } = img;
  const dark = binarize(img);
  const found: Finder[] = [];
  for (let y = 0; y < h; y++) {
    let [a, b, c, d, e] = [0, 0, 0, 0, 0]; // the last five runs; e is the current one
    let cur = dark[y * w]!;
    let runs = 0;
    for (let x = 0; x <= w; x++) {
      const v = x < w ? dark[y * w + x]! : 2;
      if (v === cur) {
        e++;
        continue;
      }
      runs++;
      const u = cur === 1 && runs >= 5 ? unit(a, b, c, d, e) : 0;
      if (u) {
        const cx = Math.round(x - e - d - c / 2);
        const vert = verticalRuns(dark, w, h, cx, y, Math.ceil(3 * u));
        const vu = vert && unit(...vert.runs);
        if (vert && vu && Math.abs(vu - u) < 0.6 * u) addFinder(found, cx, vert.centre, (u + vu) / 2);
      }
      [a, b, c, d, e] = [b, c, d, e, 1];
      cur = v;
    }
  }
  // A real finder's 3-module core is crossed by ~3u rows; a chance 1:1:3:1:1 in text by one or two.
  // The best 40 at most: candidateBoxes tries every triple.
  return found
    .filter((f) => f.n >= 1.5 * f.u)
    .sort((p, q) => q.n / q.u - p.n / p.u)
    .slice(0, 40);
}

/** The module size if the five runs are in ratio 1:1:3:1:1 (with the tolerance blur needs), else 0. */
function unit(a: number, b: number, c: number, d: number, e: number): number {
  const u = (a + b + c + d + e) / 7;
  const v = 0.6 * u;
  const ok = Math.abs(a - u) < v && Math.abs(b - u) < v && Math.abs(c - 3 * u) < 2.5 * v;
  return u >= 0.7 && ok && Math.abs(d - u) < v && Math.abs(e - u) < v ? u : 0;
}

/** The five runs up and down column x through the dark pixel (x, y), the outer ones capped at max. */
function verticalRuns(dark: Uint8Array, w: number, h: number, x: number, y: number, max: number) {
  if (dark[y * w + x] !== 1) return null;
  const run = (from: number, step: number, isDark: boolean, cap: number): number => {
    let n = 0;
    for (let row = from; n <= cap && row >= 0 && row < h && (dark[row * w + x] === 1) === isDark; row += step)
      n++;
    return n;
  };
  const [up, down] = [run(y, -1, true, h), run(y + 1, 1, true, h)];
  const b = run(y - up, -1, false, max);
  const d = run(y + 1 + down, 1, false, max);
  const runs: [number, number, number, number, number] = [
    run(y - up - b, -1, true, max),
    b,
    up + down,
    d,
    run(y + 1 + down + d, 1, true, max),
  ];
  return { runs, centre: y + 1 + (down - up) / 2 };
}

function addFinder(found: Finder[], x: number, y: number, u: number): void {
  const f = found.find(
    (f) => Math.abs(f.x - x) <= 1.5 * u && Math.abs(f.y - y) <= 1.5 * u && Math.abs(f.u - u) < u / 2,
  );
  if (!f) return void found.push({ x, y, u, n: 1 });
  f.x = (f.x * f.n + x) / (f.n + 1);
  f.y = (f.y * f.n + y) / (f.n + 1);
  f.u = (f.u * f.n + u) / (f.n + 1);
  f.n++;
}

/** ZXing's hybrid binariser in small: 1 = dark, against the mean level of the 5×5 blocks around. */
function binarize(img: Gray): Uint8Array {
  const { g, w, h } = img;
  const B = 8;
  const bw = Math.ceil(w / B);
  const bh = Math.ceil(h / B);
  const level = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let [sum, min, max, n] = [0, 255, 0, 0];
      for (let y = by * B; y < Math.min(h, by * B + B); y++)
        for (let x = bx * B, o = y * w; x < Math.min(w, bx * B + B); x++) {
          const v = g[o + x]!;
          sum += v;
          if (v < min) min = v;
          if (v > max) max = v;
          n++;
        }
      let avg = sum / n;
      if (max - min <= 24) {
        // A flat block is paper or ink: place its level below it, unless its neighbours say ink.
        avg = min / 2;
        if (by > 0 && bx > 0) {
          const near =
            (level[(by - 1) * bw + bx]! + 2 * level[by * bw + bx - 1]! + level[(by - 1) * bw + bx - 1]!) / 4;
          if (min < near) avg = near;
        }
      }
      level[by * bw + bx] = avg;
    }
  const dark = new Uint8Array(w * h);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let [sum, n] = [0, 0];
      for (let yy = Math.max(0, by - 2); yy <= Math.min(bh - 1, by + 2); yy++)
        for (let xx = Math.max(0, bx - 2); xx <= Math.min(bw - 1, bx + 2); xx++) {
          sum += level[yy * bw + xx]!;
          n++;
        }
      const t = sum / n;
      for (let y = by * B; y < Math.min(h, by * B + B); y++)
        for (let x = bx * B, o = y * w; x < Math.min(w, bx * B + B); x++)
          dark[o + x] = g[o + x]! <= t ? 1 : 0;
    }
  return dark;
}

/** Squares spanned by three finders of one size at a right angle with equal legs (as a QR's are). */
function candidateBoxes(fs: Finder[]): { box: Box; u: number }[] {
  const boxes: { box: Box; u: number }[] = [];
  for (const a of fs)
    for (const b of fs)
      for (const c of fs) {
        if (a === b || a === c || b.x > c.x || (b.x === c.x && b.y >= c.y)) continue;
        const u = (a.u + b.u + c.u) / 3;
        if (Math.max(a.u, b.u, c.u) > 1.6 * Math.min(a.u, b.u, c.u)) continue;
        const [abx, aby, acx, acy] = [b.x - a.x, b.y - a.y, c.x - a.x, c.y - a.y];
        const [d1, d2] = [Math.hypot(abx, aby), Math.hypot(acx, acy)];
        if (d1 < 12 * u || d1 > 185 * u || Math.abs(d1 - d2) > 0.2 * Math.max(d1, d2)) continue;
        if (Math.abs(abx * acx + aby * acy) > 0.25 * d1 * d2) continue;
        const box = boundsOf([a.x, a.y, b.x, b.y, c.x, c.y, b.x + c.x - a.x, b.y + c.y - a.y]);
        if (!boxes.some((o) => overlap(o.box, box) > 0.5)) boxes.push({ box, u });
      }
  return boxes;
}

/** Overlapping n×n tiles covering the image, each overlapping its neighbour by `ov` of its size. */
function tiles(img: Gray, n: number, ov: number): Box[] {
  const [tw, th] = [img.w / (n - (n - 1) * ov), img.h / (n - (n - 1) * ov)];
  const out: Box[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const [x0, y0] = [j * tw * (1 - ov), i * th * (1 - ov)];
      out.push({ x0, y0, x1: x0 + tw, y1: y0 + th });
    }
  return out;
}

/** The bounding box of points given as x, y, x, y, … */
function boundsOf(xy: number[]): Box {
  const xs = xy.filter((_, i) => i % 2 === 0);
  const ys = xy.filter((_, i) => i % 2 === 1);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** `b` enlarged by `f` of its size plus `px` pixels on every side. */
function grow(b: Box, f: number, px = 0): Box {
  const [dx, dy] = [(b.x1 - b.x0) * f + px, (b.y1 - b.y0) * f + px];
  return { x0: b.x0 - dx, y0: b.y0 - dy, x1: b.x1 + dx, y1: b.y1 + dy };
}

/** Intersection area over the smaller box's area. */
function overlap(a: Box, b: Box): number {
  const iw = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const ih = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (iw <= 0 || ih <= 0) return 0;
  return (iw * ih) / Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0)) || 0;
}

const contains = (outer: Box, b: Box): boolean =>
  b.x0 >= outer.x0 && b.y0 >= outer.y0 && b.x1 <= outer.x1 && b.y1 <= outer.y1;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function fractions(b: Box, img: Gray): [number, number, number, number] {
  const r = (v: number, size: number) => Math.round(clamp(v / size, 0, 1) * 10_000) / 10_000;
  return [r(b.x0, img.w), r(b.y0, img.h), r(b.x1, img.w), r(b.y1, img.h)];
}
