// The resolution a scanned page was made at: the pixels per PDF point of the largest image it
// paints (from pdf.js's operator list, following the transformation matrix). Rendering a scan at
// exactly that scale hands OCR the scanner's own pixels: rendering finer only interpolates
// (and costs OCR time in proportion), rendering coarser throws detail away.
import type { PdfDocument } from './open.js';
import { IDENTITY, type Matrix, OPS, times } from './operators.js';

/** An image covering less of the page than this is a logo or a photo beside typed text, not a
 * scan of the page: its resolution says nothing about the text's. */
const MIN_COVER = 0.5;

/**
 * Pixels per point of the image that covers the page (the largest, when it covers at least half
 * of it), or undefined when the page is no scan. An image squeezed unevenly gives the finer of
 * its two axes.
 */
export async function imageScale(doc: PdfDocument, pageNumber: number): Promise<number | undefined> {
  const page = await doc.getPage(pageNumber);
  const { fnArray, argsArray } = await page.getOperatorList();
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  let best: { area: number; scale: number } | undefined;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = times(ctm, args as Matrix);
    else if (fn === OPS.paintImage || fn === OPS.paintInlineImage) {
      const [w, h] =
        fn === OPS.paintImage
          ? [args[1] as number, args[2] as number]
          : [(args[0] as { width: number }).width, (args[0] as { height: number }).height];
      // The image fills the unit square, so the matrix's columns are its sides on the page.
      const across = Math.hypot(ctm[0], ctm[1]);
      const down = Math.hypot(ctm[2], ctm[3]);
      if (!(w > 0 && h > 0 && across > 0 && down > 0)) continue;
      const area = across * down;
      if (!best || area > best.area) best = { area, scale: Math.max(w / across, h / down) };
    }
  }
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  const pageArea = Math.abs((x1 - x0) * (y1 - y0));
  return best && best.area >= pageArea * MIN_COVER ? best.scale : undefined;
}
