// Turns a generated text PDF into what a scanner or a phone makes of it (scripts/page-images.mjs):
// pages rendered at 150-300 dpi, then a flatbed scan (PNG or JPEG) or a phone photo (JPEG); a
// document of several pages becomes an image-only PDF, so no text layer is left.

import { greyPages, imagePdf, PHOTO_PAGE_WIDTH, photoOf, scanOf } from '../page-images.mjs';

/** Returns { bytes, ext } for `kind` 'scan' or 'photo'. */
export async function degrade(pdfFile, kind, random) {
  const dpi = kind === 'photo' ? 150 : [150, 200, 240, 300][Math.floor(random() * 4)];
  const pages = await greyPages(pdfFile, dpi);
  const multi = pages.length > 1;
  const outs = [];
  for (const p of pages) {
    if (kind === 'photo') {
      const size = random() < 0.5 ? PHOTO_PAGE_WIDTH.messenger : PHOTO_PAGE_WIDTH.camera;
      const data = await photoOf(p.data, p.width, p.height, random, size);
      outs.push({ data, format: 'jpeg' });
    } else {
      outs.push(await scanOf(p.data, p.width, p.height, random, multi ? { format: 'jpeg' } : {}));
    }
  }
  if (multi) {
    const sharp = (await import('sharp')).default;
    const jpegs = [];
    for (const o of outs) {
      const meta = await sharp(o.data).metadata();
      jpegs.push({ data: o.data, width: meta.width, height: meta.height });
    }
    return { bytes: imagePdf(jpegs), ext: 'pdf' };
  }
  return { bytes: outs[0].data, ext: outs[0].format === 'jpeg' ? 'jpg' : 'png' };
}
