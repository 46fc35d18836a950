// A letterhead logo as a picture: the seller's name set beside a mark with its initials, rendered
// to PNG (sharp, through SVG). On such an invoice the name is no text in the letterhead, only in
// the return line or the seller block, as with the many invoices whose logo is an image.

import sharp from 'sharp';
import { textWidth } from './page-ops.mjs';

const xmlEscape = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Returns { png, width, height } with the size in points at which the layout places it. */
export async function logoPng(name, size, colour) {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const mark = size * 2.2;
  // drawn on a generous canvas, then trimmed to what was drawn
  const width = Math.ceil(mark + 8 + textWidth(name, size, true) * 1.6);
  const height = Math.ceil(mark);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="0" y="0" width="${mark}" height="${mark}" rx="${mark / 5}" fill="${colour}"/>
  <text x="${mark / 2}" y="${mark * 0.66}" font-family="DejaVu Sans" font-weight="bold" font-size="${mark * 0.42}" fill="#fff" text-anchor="middle">${xmlEscape(initials)}</text>
  <text x="${mark + 8}" y="${mark * 0.68}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="${colour}">${xmlEscape(name)}</text>
</svg>`;
  // 3 pixels per point: sharp at 216 dpi
  const { data, info } = await sharp(Buffer.from(svg), { density: 216 })
    .trim()
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width / 3, height: info.height / 3 };
}
