// A scanned page's own pixels, taken from the image pdf.js decoded rather than drawn through a
// canvas, when the page is nothing but that image laid upright over the whole of it. OCR renders
// a scan at the image's own resolution (image-scale.ts), so the canvas would draw the same
// pixels one for one: on the corpus's scan pages that drawing took 300-750 ms a page, and the
// pixels come out the same (pdf/scan-image.test.ts compares them).
import type { Raster } from '../image/load.js';
import type { PdfDocument } from './open.js';
import { coversPage, IDENTITY, type Matrix, OPS, times } from './operators.js';

/** Operators that paint nothing and change nothing the image is drawn with. */
const NEUTRAL = new Set<number>([
  OPS.dependency,
  OPS.setRenderingIntent,
  OPS.setFlatness,
  OPS.beginMarkedContent,
  OPS.beginMarkedContentProps,
  OPS.endMarkedContent,
]);

/** pdf.js ImageKind: 1 bit per pixel (a set bit is white), RGB, RGBA. */
const KIND = { grey1: 1, rgb: 2, rgba: 3 };

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8ClampedArray | Uint8Array;
}

/**
 * The page's image as a raster, when rendering page `pageNumber` at `dpi` would draw exactly that
 * image pixel for pixel: the page paints one image and nothing else, unturned, over the whole
 * page, at `dpi`. Undefined otherwise (the caller renders the page).
 */
export async function scanImage(
  doc: PdfDocument,
  pageNumber: number,
  dpi: number,
): Promise<Raster | undefined> {
  const page = await doc.getPage(pageNumber);
  if (page.rotate % 360 !== 0) return undefined;
  // pdf.js keeps the operator list of a page: imageScale fetched it already.
  const { fnArray, argsArray } = await page.getOperatorList();
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  let painted: { id: string; ctm: Matrix } | undefined;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = times(ctm, args as Matrix);
    else if (fn === OPS.paintImage && !painted && typeof args[0] === 'string') painted = { id: args[0], ctm };
    else if (!NEUTRAL.has(fn)) return undefined;
  }
  if (!painted) return undefined;
  if (!coversPage(painted.ctm, page.view)) return undefined;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;

  const { id } = painted;
  const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
  // The operator list may come before the image's pixels (pdf.js sends them when decoded): wait,
  // as drawing the page would.
  const img = await new Promise<DecodedImage | null>((resolve) => objs.get(id, resolve));
  if (!img?.data) return undefined;
  const { width, height } = img;
  // Rendered at `dpi`, the page is as many pixels as the image: one canvas pixel per image pixel.
  const scale = dpi / 72;
  if (Math.floor((x1 - x0) * scale) !== width || Math.floor((y1 - y0) * scale) !== height) return undefined;
  const data = rgbaOf(img.data, width, height, img.kind);
  return data && { data, width, height, channels: 4 };
}

/** pdf.js's decoded pixels as RGBA; undefined for a kind not handled, or any pixel not opaque
 * (a canvas would blend it with the page's white). */
function rgbaOf(src: Uint8ClampedArray | Uint8Array, width: number, height: number, kind?: number) {
  const n = width * height;
  const out = new Uint8ClampedArray(n * 4);
  if (kind === KIND.rgb && src.length >= n * 3) {
    for (let i = 0, j = 0; i < n; i++, j += 3) {
      out[i * 4] = src[j]!;
      out[i * 4 + 1] = src[j + 1]!;
      out[i * 4 + 2] = src[j + 2]!;
      out[i * 4 + 3] = 255;
    }
    return out;
  }
  if (kind === KIND.rgba && src.length >= n * 4) {
    for (let i = 3; i < n * 4; i += 4) if (src[i] !== 255) return undefined;
    out.set(src.subarray(0, n * 4));
    return out;
  }
  if (kind === KIND.grey1) {
    const rowBytes = (width + 7) >> 3;
    if (src.length < rowBytes * height) return undefined;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = src[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
        const i = (y * width + x) * 4;
        out[i] = v;
        out[i + 1] = v;
        out[i + 2] = v;
        out[i + 3] = 255;
      }
    }
    return out;
  }
  return undefined;
}
