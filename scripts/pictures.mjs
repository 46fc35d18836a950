#!/usr/bin/env node
// `npm run pictures`: after a browser-suite run (`npm run e2e`), turns its screenshots of the
// review screen into the public pages' pictures (apps/server/assets/review-{lang}.webp, 1280×800)
// and copies the screens the README shows into docs/screenshots. By hand, so a test run never
// changes a tracked file.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from './corpus.mjs';

const shots = path.join(repoRoot, 'reports/screenshots');
const assets = path.join(repoRoot, 'apps/server/assets');
const docs = path.join(repoRoot, 'docs/screenshots');
mkdirSync(assets, { recursive: true });

let missing = 0;
for (const lang of ['de', 'en', 'ru', 'it']) {
  const from = path.join(shots, `review-${lang}.png`);
  if (!existsSync(from)) {
    console.error(`missing ${path.relative(repoRoot, from)}: run npm run e2e first`);
    missing++;
    continue;
  }
  const to = path.join(assets, `review-${lang}.webp`);
  await sharp(from).webp({ quality: 82 }).toFile(to);
  console.log(`wrote ${path.relative(repoRoot, to)}`);
}
// The README's pictures: the public page, the list, the review and the exports screen.
for (const [from, to] of [
  ['visual-landing.png', 'public-page.png'],
  ['visual-list.png', 'invoice-list.png'],
  ['review-en.png', 'review.png'],
  ['visual-exports.png', 'exports.png'],
  ['phone-list.png', 'phone-list.png'],
  ['phone-review.png', 'phone-review.png'],
]) {
  const src = path.join(shots, from);
  if (!existsSync(src)) {
    console.error(`missing ${path.relative(repoRoot, src)}`);
    missing++;
    continue;
  }
  copyFileSync(src, path.join(docs, to));
  console.log(`copied docs/screenshots/${to}`);
}
process.exit(missing ? 1 : 0);
