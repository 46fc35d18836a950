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
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { corpusDir, repoRoot, scorer } from './corpus.mjs';
import { greyPages, imagePdf, PHOTO_PAGE_WIDTH, photoOf } from './page-images.mjs';
import { rng } from './seeded-random.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const PAGE_WIDTH = PHOTO_PAGE_WIDTH;
const size = opt('--size', 'messenger');
if (!PAGE_WIDTH[size]) throw new Error(`--size must be one of ${Object.keys(PAGE_WIDTH).join(', ')}`);
const out = path.resolve(
  opt('--out', path.join(repoRoot, '.cache', size === 'messenger' ? 'photo-corpus' : `photo-corpus-${size}`)),
);
const limit = Number(opt('--limit', '0'));
const seed = Number(opt('--seed', '19'));

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
      writeFileSync(path.join(out, target), multi ? imagePdf(photos) : photos[0].data);
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
