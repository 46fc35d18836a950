// One page of a file as a PNG picture for a person to look at (the web application's review
// screen): a PDF page rendered by pdf.js at a given width, or an image made upright and scaled.
// Runs inside a page worker (see page-image.ts for the caller's side).
import sharp from 'sharp';
import { ReadError } from '../errors.js';
import { DEFAULT_MAX_PIXELS, malformed } from '../image/load.js';
import { openPdf } from './open.js';
import { renderPage } from './render.js';

/** `png` is absent when the file has no page `page` (then `pages` says how many it has). */
export interface PagePngResult {
  pages: number;
  png?: Uint8Array;
  width?: number;
  height?: number;
}

export async function pagePng(
  bytes: Uint8Array,
  type: 'pdf' | 'image',
  page: number,
  width: number,
): Promise<PagePngResult> {
  return type === 'pdf' ? pdfPagePng(bytes, page, width) : imagePng(bytes, page, width);
}

async function pdfPagePng(bytes: Uint8Array, page: number, width: number): Promise<PagePngResult> {
  const doc = await openPdf(bytes);
  try {
    const pages = doc.numPages;
    if (page > pages) return { pages };
    let pointsWide: number;
    try {
      const p = await doc.getPage(page);
      pointsWide = p.getViewport({ scale: 1 }).width;
      p.cleanup();
    } catch (err) {
      throw new ReadError('malformed_pdf', `page ${page} cannot be read: ${(err as Error)?.message ?? err}`);
    }
    const raster = await renderPage(doc, page, { scale: width / pointsWide });
    const out = await sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
      raw: { width: raster.width, height: raster.height, channels: 4 },
    })
      .png()
      .toBuffer();
    return { pages, png: out, width: raster.width, height: raster.height };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

/** An image is one page: upright per EXIF, on white, no wider than `width` (never enlarged). */
async function imagePng(bytes: Uint8Array, page: number, width: number): Promise<PagePngResult> {
  if (page > 1) return { pages: 1 };
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: DEFAULT_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width, withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { pages: 1, png: data, width: info.width, height: info.height };
  } catch (err) {
    throw malformed(err);
  }
}
