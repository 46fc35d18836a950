#!/usr/bin/env node
// `node scripts/photo-set.mjs [--size messenger|camera] [--out DIR] [--limit N] [--seed S] [--score [--min-recall R ...]]`
// makes a phone-photo-like copy of the shared corpus's `scan` cases (deterministic for a seed): each
// page is rendered at 150 dpi (PDF) or taken as it is (image), then laid on a dark table in
// perspective, turned by up to ±15°, lit unevenly with a shadow across it, blurred, brought to the
// size's resolution and saved as JPEG quality 40 (a multi-page scan becomes an image-only PDF of
// such photos). Two sizes, because phone photos reach us at two: `messenger` (the default), the
// page 1000-1250 px wide (120-150 dpi across A4), as a photo comes out of a messenger or a mail
// app's "medium" size; `camera`, the page 1600-2000 px wide (195-240 dpi), as a 12-megapixel photo
// of a page filling about 60 % of the frame is uploaded straight from the phone. The copy is a small
// corpus of its own in DIR (default .cache/photo-corpus, .cache/photo-corpus-camera for `camera`:
// MANIFEST.tsv and the truth files beside the photos), so `node ../shared/eval/score.mjs --corpus
// DIR --category scan` scores it with the same rules as the clean scans. Never committed: it is
// rebuilt from the corpus (about 15 minutes, most of it pdftoppm on the scans' oversized pages).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { corpusDir, repoRoot, scorer } from './corpus.mjs';

// The engine's own homography (packages/engine/dist: run `npx tsc -b` first), the one that maps
// a photographed page back.
const { homography } = await import(
  pathToFileURL(path.join(repoRoot, 'packages', 'engine', 'dist', 'ocr', 'perspective.js')).href
);

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
/** The page's width in the photo, in pixels, for each size (see above). */
const PAGE_WIDTH = { messenger: [1000, 1250], camera: [1600, 2000] };
const size = opt('--size', 'messenger');
if (!PAGE_WIDTH[size]) throw new Error(`--size must be one of ${Object.keys(PAGE_WIDTH).join(', ')}`);
const out = path.resolve(
  opt('--out', path.join(repoRoot, '.cache', size === 'messenger' ? 'photo-corpus' : `photo-corpus-${size}`)),
);
const limit = Number(opt('--limit', '0'));
const seed = Number(opt('--seed', '19'));

/** mulberry32: a small seeded generator, so the set is the same on every machine. */
function rng(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One phone photo of a grey page (1 byte per pixel), as JPEG bytes; `pageWidth` the range of the page's width in it. */
export async function photoOf(page, width, height, random, pageWidth = PAGE_WIDTH.messenger) {
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

/** An image-only PDF with one JPEG photo per page (DCTDecode, each page sized to its photo). */
function pdfOf(jpegs) {
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

async function greyPages(file) {
  if (!/\.pdf$/i.test(file)) {
    const { data, info } = await sharp(file)
      .removeAlpha()
      .toColourspace('b-w')
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [{ data, width: info.width, height: info.height }];
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'photo-set-'));
  try {
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', file, path.join(tmp, 'p')]);
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

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [header, ...lines] = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  let rows = lines.filter((l) => l.split('\t')[1] === 'scan');
  if (limit) rows = rows.slice(0, limit);
  mkdirSync(out, { recursive: true });
  const manifest = [header];
  for (const [n, line] of rows.entries()) {
    const cols = line.split('\t');
    const rel = cols[0];
    const file = path.join(corpusDir, rel);
    const random = rng(seed * 100003 + n);
    const multi = /\.pdf$/i.test(rel);
    const target = rel.replace(/\.(png|jpe?g|pdf)$/i, multi ? '.photo.pdf' : '.photo.jpg');
    mkdirSync(path.dirname(path.join(out, target)), { recursive: true });
    if (!existsSync(path.join(out, target))) {
      const photos = [];
      for (const p of await greyPages(file)) {
        const data = await photoOf(p.data, p.width, p.height, random, PAGE_WIDTH[size]);
        const meta = await sharp(data).metadata();
        photos.push({ data, width: meta.width, height: meta.height });
      }
      writeFileSync(path.join(out, target), multi ? pdfOf(photos) : photos[0].data);
    }
    if (existsSync(`${file}.truth.json`))
      copyFileSync(`${file}.truth.json`, path.join(out, `${target}.truth.json`));
    manifest.push([target, ...cols.slice(1)].join('\t'));
    process.stderr.write(`\r${n + 1}/${rows.length}`);
  }
  writeFileSync(path.join(out, 'MANIFEST.tsv'), `${manifest.join('\n')}\n`);
  process.stderr.write(`\nphoto set (${size}): ${rows.length} cases in ${out}\n`);
  // --score [scorer options...]: score the reader on the set at once, with the clean scans' rules.
  if (argv.includes('--score')) {
    const rest = argv.slice(argv.indexOf('--score') + 1);
    const r = spawnSync(process.execPath, [scorer, '--corpus', out, '--category', 'scan', ...rest], {
      stdio: 'inherit',
    });
    process.exitCode = r.status ?? 1;
  }
}
