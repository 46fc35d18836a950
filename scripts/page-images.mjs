// Page images for the data scripts: PDF pages rendered grey (pdftoppm), a flatbed scan of a page
// (turned up to a few degrees, paper tone, noise, blur, JPEG or PNG), a phone photo of a page (on a
// table, in perspective, lit unevenly: scripts/photo-set.mjs) and image-only PDFs of such pages.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { repoRoot } from './corpus.mjs';

/** The page's width in a photo, in pixels, for each size (see photo-set.mjs). */
export const PHOTO_PAGE_WIDTH = { messenger: [1000, 1250], camera: [1600, 2000] };

let homographyModule;
/** The engine's own homography (packages/engine/dist: run `npx tsc -b` first), the one that maps a photographed page back. */
function engineHomography() {
  homographyModule ??= import(
    pathToFileURL(path.join(repoRoot, 'packages', 'engine', 'dist', 'ocr', 'perspective.js')).href
  );
  return homographyModule;
}

/** pdftoppm (poppler-utils), awaited; a clear error when it is not installed. */
function runPdftoppm(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftoppm', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.once('error', (e) =>
      reject(
        e.code === 'ENOENT'
          ? new Error('pdftoppm not found: install poppler-utils (apt-get install poppler-utils)')
          : e,
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pdftoppm failed (${code}): ${err.trim()}`)),
    );
  });
}

/** One phone photo of a grey page (1 byte per pixel), as JPEG bytes; `pageWidth` the range of the page's width in it. */
export async function photoOf(page, width, height, random, pageWidth = PHOTO_PAGE_WIDTH.messenger) {
  const { homography } = await engineHomography();
  const r = (lo, hi) => lo + (hi - lo) * random();
  const pageW = Math.round(r(pageWidth[0], pageWidth[1]));
  const pageH = Math.round((pageW * height) / width);
  const small = await sharp(page, { raw: { width, height, channels: 1 } })
    .resize(pageW, pageH)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // The photo frames the page with a margin of table; the page is turned and seen in perspective.
  const W = Math.round(pageW * 1.25);
  const H = Math.round(pageH * 1.2);
  const angle = (r(-15, 15) * Math.PI) / 180;
  const cx = W / 2 + r(-0.03, 0.03) * W;
  const cy = H / 2 + r(-0.03, 0.03) * H;
  const corners = [
    [-pageW / 2, -pageH / 2],
    [pageW / 2, -pageH / 2],
    [pageW / 2, pageH / 2],
    [-pageW / 2, pageH / 2],
  ];
  // Perspective: the far edge (top or bottom) narrower by up to 12 %, each corner nudged a little.
  const far = r(0, 0.12) * (random() < 0.5 ? 1 : -1);
  const shrink = 0.88;
  const dst = corners.map(([x, y], i) => {
    const narrow = (i < 2 ? far : -far) > 0 ? 1 - Math.abs(far) : 1;
    const px = x * narrow * shrink + r(-0.015, 0.015) * pageW;
    const py = y * shrink + r(-0.015, 0.015) * pageH;
    return [
      cx + px * Math.cos(angle) - py * Math.sin(angle),
      cy + px * Math.sin(angle) + py * Math.cos(angle),
    ];
  });
  const src = [
    [0, 0],
    [pageW, 0],
    [pageW, pageH],
    [0, pageH],
  ];
  const h = homography(dst, src); // photo pixel -> page pixel
  // Light: a gradient across the photo (one side at 55-75 % of the other) and a soft shadow band.
  const gx = r(-1, 1);
  const gy = r(-1, 1);
  const dark = r(0.55, 0.75);
  const shadowAt = r(0.2, 0.8);
  const shadowDir = random() * Math.PI;
  const shadowDepth = r(0.65, 0.85);
  const table = Math.round(r(40, 90));
  const img = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = h[6] * x + h[7] * y + 1;
      const u = (h[0] * x + h[1] * y + h[2]) / w;
      const v = (h[3] * x + h[4] * y + h[5]) / w;
      let val = table;
      if (u >= 0 && v >= 0 && u < pageW - 1 && v < pageH - 1) {
        const x0 = u | 0;
        const y0 = v | 0;
        const fx = u - x0;
        const fy = v - y0;
        const i = y0 * pageW + x0;
        val =
          small[i] * (1 - fx) * (1 - fy) +
          small[i + 1] * fx * (1 - fy) +
          small[i + pageW] * (1 - fx) * fy +
          small[i + pageW + 1] * fx * fy;
      }
      const t = ((x / W - 0.5) * gx + (y / H - 0.5) * gy) / 2 + 0.5; // 0..1 across the photo
      let light = dark + (1 - dark) * t;
      const d = (x / W - 0.5) * Math.cos(shadowDir) + (y / H - 0.5) * Math.sin(shadowDir) + 0.5 - shadowAt;
      if (d > 0) light *= 1 - (1 - shadowDepth) * Math.min(1, d / 0.05);
      img[y * W + x] = Math.max(0, Math.min(255, Math.round(val * light + r(-6, 6))));
    }
  }
  return (
    sharp(img, { raw: { width: W, height: H, channels: 1 } })
      .blur(r(0.6, 1.3))
      // One grey channel, as the PDF wrapper declares it (DeviceGray): sharp would write three.
      .toColourspace('b-w')
      .jpeg({ quality: 40 })
      .toBuffer()
  );
}

/** An image-only PDF with one JPEG image per page (DCTDecode, each page sized to its image). */
export function imagePdf(jpegs) {
  const objects = [];
  const pageIds = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pages = add(null);
  for (const { data, width, height } of jpegs) {
    const img = add(
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${data.length} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream'),
      ]),
    );
    const w = 595;
    const hgt = Math.round((595 * height) / width);
    const content = `q ${w} 0 0 ${hgt} 0 0 cm /Im0 Do Q`;
    const c = add(Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`));
    pageIds.push(
      add(
        Buffer.from(
          `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${w} ${hgt}] /Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${c} 0 R >>`,
        ),
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pages} 0 R >>`);
  objects[pages - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets = [];
  let at = parts[0].length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    at += chunk.length;
    parts.push(chunk);
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

export async function greyPages(file, dpi = 150) {
  if (!/\.pdf$/i.test(file)) {
    const { data, info } = await sharp(file)
      .removeAlpha()
      .toColourspace('b-w')
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [{ data, width: info.width, height: info.height }];
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'page-images-'));
  try {
    await runPdftoppm(['-r', String(dpi), '-gray', '-png', file, path.join(tmp, 'p')]);
    const pages = [];
    for (const f of readdirSync(tmp).sort()) {
      const { data, info } = await sharp(path.join(tmp, f))
        .removeAlpha()
        .toColourspace('b-w')
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      pages.push({ data, width: info.width, height: info.height });
    }
    return pages;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * One flatbed scan of a grey page (1 byte per pixel), as JPEG or PNG bytes: turned by up to
 * ±`maxAngle` degrees on white, a paper tone, a little blur, grain and a few specks.
 */
export async function scanOf(page, width, height, random, opts = {}) {
  const r = (lo, hi) => lo + (hi - lo) * random();
  const maxAngle = opts.maxAngle ?? 2;
  const paper = Math.round(r(228, 252));
  const ink = Math.round(r(0, 45));
  const grain = r(3, 14);
  const img = Buffer.alloc(width * height);
  for (let i = 0; i < img.length; i++) {
    // map black..white onto ink..paper, then grain; a speck now and then
    let v = ink + ((paper - ink) * page[i]) / 255 + (random() + random() + random() - 1.5) * grain;
    if (random() < 0.0004) v = r(0, 120);
    img[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  const angle = r(-maxAngle, maxAngle);
  let pipeline = sharp(img, { raw: { width, height, channels: 1 } })
    .rotate(angle, { background: { r: paper, g: paper, b: paper } })
    .blur(r(0.3, 1.1))
    .toColourspace('b-w');
  const jpeg = opts.format ? opts.format === 'jpeg' : random() < 0.6;
  pipeline = jpeg ? pipeline.jpeg({ quality: Math.round(r(35, 85)) }) : pipeline.png();
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: jpeg ? 'jpeg' : 'png', angle };
}
