#!/usr/bin/env node
// `node scripts/show-layout.mjs FILE.pdf [--page N]` prints a PDF's text layer as the field
// extraction sees it: each line's segments with their left edge and top (page fractions), the
// label each segment starts with, and the party blocks found. For finding why a field was missed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './corpus.mjs';

const dist = path.join(repoRoot, 'packages', 'engine', 'dist');
const load = (m) => import(pathToFileURL(path.join(dist, m)).href);
const { openPdf } = await load('pdf/open.js');
const { extractText } = await load('pdf/text.js');
const { segmentPage } = await load('extract/page/layout.js');
const { partyBlocks } = await load('extract/page/party-blocks.js');
const { longestLabel } = await load('extract/page/label-hits.js');

const argv = process.argv.slice(2);
const file = argv.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: node scripts/show-layout.mjs FILE.pdf [--page N]');
  process.exit(2);
}
const only = argv.includes('--page') ? Number(argv[argv.indexOf('--page') + 1]) : undefined;
const doc = await openPdf(new Uint8Array(readFileSync(file)));
const pages = (await extractText(doc)).filter((p) => p.usable && (!only || p.page === only));
const layouts = pages.map(segmentPage);
for (const layout of layouts) {
  console.log(`--- page ${layout.page}`);
  for (const [i, line] of layout.lines.entries()) {
    const cells = line.map((s) => {
      const label = longestLabel(s.text);
      return `[${s.bbox[0].toFixed(2)}] ${s.text}${label ? ` <${label.field}>` : ''}`;
    });
    console.log(`${String(i).padStart(3)} y${line[0].bbox[1].toFixed(3)}  ${cells.join('  |  ')}`);
  }
}
for (const b of partyBlocks(layouts))
  console.log(
    `block ${b.role} "${b.heading.text}" p${b.heading.page}: ${b.segments.map((s) => s.text).join(' / ')}`,
  );
await doc.destroy();
