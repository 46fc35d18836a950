// Finds a photographed page and maps it to an upright rectangle. The paper is lighter than the
// table it lies on: the page is what the dark table, reached from the photo's edge, surrounds. Its
// four sides are fitted as lines, first on a coarse grid of cells, then on the pixels of the paper's
// edge, and their crossings are the corners. A flat scan (paper to its edges) has no such page.

import type { GreyImage } from './grey-image.js';
import { homography, type Point, warpPerspective } from './perspective.js';

/** The coarse grid of a photo: cells `cs` px square, `table` 1 where a cell is the table around the page. */
export interface TableGrid {
  cs: number;
  cw: number;
  ch: number;
  table: Uint8Array;
}

/**
 * The table around a photographed page: the dark cells (mean under the threshold that best
 * parts dark from bright cells, Otsu's) reachable from the photo's edge through dark cells. Ink on
 * the page is dark too, but paper surrounds it, so it is never reached from the edge.
 */
export function tableGrid(img: GreyImage): TableGrid {
  const { width, height, data } = img;
  const cs = Math.max(4, Math.round(Math.max(width, height) / 200));
  const cw = Math.ceil(width / cs);
  const ch = Math.ceil(height / cs);
  const sum = new Float64Array(cw * ch);
  const count = new Uint32Array(cw * ch);
  // Cell by cell along each row: a division per pixel cost as much as the rest of the walk.
  for (let y = 0; y < height; y++) {
    const row = ((y / cs) | 0) * cw;
    const start = y * width;
    for (let cx = 0; cx < cw; cx++) {
      const from = cx * cs;
      const to = Math.min(width, from + cs);
      let s = 0;
      for (let i = start + from, end = start + to; i < end; i++) s += data[i]!;
      sum[row + cx]! += s;
      count[row + cx]! += to - from;
    }
  }
  const means = Array.from(sum, (v, i) => v / Math.max(1, count[i]!));
  const t = otsu(means);
  const table = new Uint8Array(cw * ch);
  const stack: number[] = [];
  for (let x = 0; x < cw; x++) stack.push(x, (ch - 1) * cw + x);
  for (let y = 0; y < ch; y++) stack.push(y * cw, y * cw + cw - 1);
  while (stack.length) {
    const c = stack.pop()!;
    if (table[c] || means[c]! >= t) continue;
    table[c] = 1;
    const x = c % cw;
    if (x > 0) stack.push(c - 1);
    if (x < cw - 1) stack.push(c + 1);
    if (c >= cw) stack.push(c - cw);
    if (c + cw < cw * ch) stack.push(c + cw);
  }
  return { cs, cw, ch, table };
}

/** Otsu's threshold of a list of grey levels: the one that best separates two classes. */
function otsu(values: number[]): number {
  const hist = new Float64Array(256);
  for (const v of values) hist[Math.max(0, Math.min(255, Math.round(v)))]!++;
  const total = values.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * hist[v]!;
  let best = 0;
  let threshold = 128;
  let wB = 0;
  let sumB = 0;
  for (let v = 0; v < 256; v++) {
    wB += hist[v]!;
    if (!wB || wB === total) continue;
    sumB += v * hist[v]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = v + 0.5;
    }
  }
  return threshold;
}

/** A line n·p = c with a unit normal n. */
interface Line {
  nx: number;
  ny: number;
  c: number;
}

/** The line closest to `pts` (total least squares: through their mean, along their main axis). */
function fitLine(pts: Point[]): Line {
  let mx = 0;
  let my = 0;
  for (const [x, y] of pts) {
    mx += x;
    my += y;
  }
  mx /= pts.length;
  my /= pts.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const along = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(along);
  const ny = Math.cos(along);
  return { nx, ny, c: nx * mx + ny * my };
}

const distance = (l: Line, [x, y]: Point) => l.nx * x + l.ny * y - l.c;

function crossing(a: Line, b: Line): Point | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return null;
  return [(a.c * b.ny - a.ny * b.c) / det, (a.nx * b.c - a.c * b.nx) / det];
}

/** The paper must surround its page with table on this share of the photo's edge cells at least. */
const TABLE_EDGE_SHARE = 0.9;
/** The page covers at least this share of the photo (less is a small card, or a mistake). */
const MIN_AREA_SHARE = 0.15;
/** Points along each side measured on the pixels; at least this share must lie on its line. */
const EDGE_SAMPLES = 60;
const MIN_ON_LINE = 0.6;
/** A page's corners are right angles seen in perspective: anything outside this is no page. */
const ANGLE_RANGE: [number, number] = [60, 120];

/**
 * The corners of the photographed page in `img` (top left, top right, bottom right, bottom left,
 * in pixels), or null when no page is clearly there: the photo's edge is not table all round, or
 * the shape is not a plausible four-sided page.
 */
export function findPage(img: GreyImage): Point[] | null {
  const { cs, cw, ch, table } = tableGrid(img);
  let edge = 0;
  let edgeTable = 0;
  const countEdge = (c: number) => {
    edge++;
    edgeTable += table[c]!;
  };
  for (let x = 0; x < cw; x++) {
    countEdge(x);
    countEdge((ch - 1) * cw + x);
  }
  for (let y = 1; y < ch - 1; y++) {
    countEdge(y * cw);
    countEdge(y * cw + cw - 1);
  }
  if (edgeTable < edge * TABLE_EDGE_SHARE) return null;
  // The page: the largest connected piece of what is not table.
  const label = new Int32Array(cw * ch).fill(-1);
  let best = -1;
  let bestSize = 0;
  for (let s = 0; s < cw * ch; s++) {
    if (table[s] || label[s]! >= 0) continue;
    let size = 0;
    const stack = [s];
    label[s] = s;
    while (stack.length) {
      const c = stack.pop()!;
      size++;
      const x = c % cw;
      for (const n of [x > 0 ? c - 1 : -1, x < cw - 1 ? c + 1 : -1, c - cw, c + cw]) {
        if (n < 0 || n >= cw * ch || table[n] || label[n]! >= 0) continue;
        label[n] = s;
        stack.push(n);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = s;
    }
  }
  if (best < 0 || bestSize < cw * ch * MIN_AREA_SHARE) return null;
  // Its outline: page cells beside a cell that is not page.
  const outline: Point[] = [];
  for (let c = 0; c < cw * ch; c++) {
    if (label[c] !== best) continue;
    const x = c % cw;
    const y = (c / cw) | 0;
    const out = (n: number) => label[n] !== best;
    if (out(c - 1) || out(c + 1) || out(c - cw) || out(c + cw) || x === 0 || x === cw - 1)
      outline.push([(x + 0.5) * cs, (y + 0.5) * cs]);
  }
  // Rough corners: the outline's extremes along the diagonals (right for turns up to 45°).
  const extreme = (score: (p: Point) => number) => outline.reduce((a, b) => (score(b) > score(a) ? b : a));
  let corners: Point[] = [
    extreme(([x, y]) => -x - y),
    extreme(([x, y]) => x - y),
    extreme(([x, y]) => x + y),
    extreme(([x, y]) => y - x),
  ];
  // Each side's line through the outline cells between its corners, then again on the pixels.
  const coarse: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const line = sideLine(corners[i]!, corners[(i + 1) % 4]!, outline, 2 * cs);
    if (!line) return null;
    coarse.push(line);
  }
  corners = crossings(coarse) ?? [];
  if (corners.length < 4) return null;
  const fine: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const line = edgeLine(img, corners[i]!, corners[(i + 1) % 4]!, coarse[i]!, 2 * cs);
    if (!line) return null;
    fine.push(line);
  }
  const found = crossings(fine);
  return found && plausible(found, img) ? found : null;
}

/** The corners where consecutive sides cross. */
function crossings(lines: Line[]): Point[] | null {
  const out: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const p = crossing(lines[(i + 3) % 4]!, lines[i]!);
    if (!p) return null;
    out.push(p);
  }
  return out;
}

/** The line through the outline points between corners `a` and `b` (their middle 80 %). */
function sideLine(a: Point, b: Point, outline: Point[], tolerance: number): Line | null {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 4 * tolerance) return null;
  const [dx, dy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const chord: Line = { nx: -dy, ny: dx, c: -dy * a[0] + dx * a[1] };
  const near = (l: Line, tol: number) =>
    outline.filter((p) => {
      const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len;
      return t > 0.1 && t < 0.9 && Math.abs(distance(l, p)) <= tol;
    });
  // The chord between rough corners may cut a perspective page's side at an angle: a wide band
  // first, then a narrow one round the first fit.
  let pts = near(chord, Math.max(tolerance, 0.04 * len));
  if (pts.length < 5) return null;
  pts = near(fitLine(pts), tolerance);
  return pts.length < 5 ? null : fitLine(pts);
}

/**
 * The side between corners `a` and `b` on the pixels: along the coarse line, the place where the
 * grey falls most steeply from the paper to the table, found across ±`reach` pixels at
 * EDGE_SAMPLES points, and the line through those that agree.
 */
function edgeLine(img: GreyImage, a: Point, b: Point, coarse: Line, reach: number): Line | null {
  const { width, height, data } = img;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const [dx, dy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  // Outwards: corners run clockwise on screen (y down), so the table is on the left of a→b.
  let [nx, ny] = [coarse.nx, coarse.ny];
  if (nx * dy - ny * dx < 0) [nx, ny] = [-nx, -ny];
  const grey = (x: number, y: number) => {
    const xi = Math.max(0, Math.min(width - 1, Math.round(x)));
    const yi = Math.max(0, Math.min(height - 1, Math.round(y)));
    return data[yi * width + xi]!;
  };
  const pts: Point[] = [];
  const profile = new Float64Array(2 * reach + 1);
  for (let k = 0; k < EDGE_SAMPLES; k++) {
    const t = 0.08 + (0.84 * k) / (EDGE_SAMPLES - 1);
    // The sample on the coarse line nearest the point t of the way along the side.
    const px = a[0] + dx * t * len;
    const py = a[1] + dy * t * len;
    const off = distance(coarse, [px, py]);
    const [cx, cy] = [px - coarse.nx * off, py - coarse.ny * off];
    for (let s = -reach; s <= reach; s++) {
      // Three pixels along the side, to quiet the JPEG noise.
      let v = 0;
      for (let w = -1; w <= 1; w++) v += grey(cx + nx * s + dx * w * 2, cy + ny * s + dy * w * 2);
      profile[s + reach] = v / 3;
    }
    let at = -1;
    let steepest = 0;
    for (let i = 1; i < profile.length - 1; i++) {
      const fall = profile[i - 1]! - profile[i + 1]!;
      if (fall > steepest) {
        steepest = fall;
        at = i;
      }
    }
    // A fall of less than this is noise, not the paper's edge.
    if (at < 0 || steepest < 20) continue;
    const s = at - reach;
    pts.push([cx + nx * s, cy + ny * s]);
  }
  if (pts.length < EDGE_SAMPLES * MIN_ON_LINE) return null;
  let line = fitLine(pts);
  // Text or a shadow near the edge can pull a sample off the side: fit again without those.
  const on = pts.filter((p) => Math.abs(distance(line, p)) <= 2);
  if (on.length < EDGE_SAMPLES * MIN_ON_LINE) return null;
  line = fitLine(on);
  return line;
}

/** Corners that make a page: convex, near-right angles, within the photo, a fair share of it. */
function plausible(corners: Point[], img: GreyImage): boolean {
  const slack = 0.01 * Math.max(img.width, img.height);
  for (const [x, y] of corners)
    if (x < -slack || y < -slack || x > img.width + slack || y > img.height + slack) return false;
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const p = corners[i]!;
    const q = corners[(i + 1) % 4]!;
    const r = corners[(i + 3) % 4]!;
    area += p[0] * q[1] - q[0] * p[1];
    const angle =
      (Math.acos(
        ((q[0] - p[0]) * (r[0] - p[0]) + (q[1] - p[1]) * (r[1] - p[1])) /
          (Math.hypot(q[0] - p[0], q[1] - p[1]) * Math.hypot(r[0] - p[0], r[1] - p[1])),
      ) *
        180) /
      Math.PI;
    if (!(angle >= ANGLE_RANGE[0] && angle <= ANGLE_RANGE[1])) return false;
  }
  // Clockwise on screen (y down) gives a positive shoelace sum.
  return area / 2 >= img.width * img.height * MIN_AREA_SHARE;
}

/** The page's size as photographed: its longer top/bottom side and its longer left/right side. */
export function pageSize(corners: Point[]): { width: number; height: number } {
  const side = (i: number) => {
    const [a, b] = [corners[i]!, corners[(i + 1) % 4]!];
    return Math.hypot(b[0] - a[0], b[1] - a[1]);
  };
  return { width: Math.max(side(0), side(2)), height: Math.max(side(1), side(3)) };
}

/**
 * The page inside `corners` mapped onto an upright rectangle of its photographed size × `scale`,
 * sampled bilinearly. A thin frame is cut off: the page's own edge, half table, would read as a rule.
 */
export function rectifyPage(img: GreyImage, corners: Point[], scale = 1): GreyImage {
  const size = pageSize(corners);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const m = Math.max(2, Math.round(0.006 * Math.max(width, height)));
  const rect: Point[] = [
    [-m, -m],
    [width + m, -m],
    [width + m, height + m],
    [-m, height + m],
  ];
  return warpPerspective(img, homography(rect, corners), width, height);
}
