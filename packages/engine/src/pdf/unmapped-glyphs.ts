// Glyphs a PDF draws but maps to no character: pdf.js gives a control character for them ("\u0000"),
// as for the hyphens, colons and dashes of Stripe's invoices ("JBAIETAU\u00000004"). Their outline
// still shows what they are: a bar at the middle of the x-height is a hyphen or a dash, two dots
// one over the other a colon, one dot on the baseline a point. Other shapes stay unread.
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { loadPdfJs } from './open.js';

/** A control character: what pdf.js gives for a glyph without a Unicode mapping. */
export const UNMAPPED = /(?![\t\n\r])\p{Cc}/u;
const UNMAPPED_ALL = new RegExp(UNMAPPED.source, 'gu');

/** pdf.js's path operators (DrawOPS): moveTo, lineTo, curveTo, quadraticCurveTo, closePath. */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

interface Contour {
  box: [number, number, number, number];
  curved: boolean;
  points: number;
}

/**
 * The characters of the page's unmapped glyphs, in the order the content stream shows them, per
 * font (pdf.js's font name, as its text items carry it): undefined where a shape is not known.
 */
export async function unmappedGlyphs(page: PDFPageProxy): Promise<Map<string, Array<string | undefined>>> {
  const { OPS } = await loadPdfJs();
  const out = new Map<string, Array<string | undefined>>();
  const ops = await page.getOperatorList();
  let font = '';
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.setFont) font = String(args[0]);
    if (fn !== OPS.showText) continue;
    for (const g of (args[0] as Array<
      { unicode?: string; fontChar?: string; width?: number } | number | null
    >) ?? []) {
      if (!g || typeof g === 'number' || !UNMAPPED.test(g.unicode ?? '')) continue;
      const list = out.get(font) ?? [];
      out.set(font, list);
      const id = `${font}_path_${g.fontChar}`;
      const cmds = page.commonObjs.has(id)
        ? (page.commonObjs.get(id) as { path?: ArrayLike<number> })
        : undefined;
      list.push(cmds?.path ? outlineChar(cmds.path, (g.width ?? 0) / 1000) : undefined);
    }
  }
  return out;
}

/**
 * Replaces the unmapped glyphs in the text of a page's items with what their outlines show, per
 * font in the content stream's order; a font's glyphs only where the items hold as many as the
 * content stream draws (else the order cannot pair them).
 */
export function mapUnmapped(
  items: Array<{ str: string; fontName: string }>,
  glyphs: Map<string, Array<string | undefined>>,
): void {
  const counts = new Map<string, number>();
  for (const item of items) {
    const n = item.str.match(UNMAPPED_ALL)?.length ?? 0;
    if (n) counts.set(item.fontName, (counts.get(item.fontName) ?? 0) + n);
  }
  const next = new Map<string, number>();
  for (const item of items) {
    const list = glyphs.get(item.fontName);
    if (!list || list.length !== counts.get(item.fontName)) continue;
    item.str = item.str.replace(UNMAPPED_ALL, (ch) => {
      const at = next.get(item.fontName) ?? 0;
      next.set(item.fontName, at + 1);
      return list[at] ?? ch;
    });
  }
}

/** The character a glyph's outline (pdf.js draw operators, in em) draws, its advance `advance` em. */
export function outlineChar(path: ArrayLike<number>, advance: number): string | undefined {
  return glyphChar(contours(path), advance);
}

/** The closed contours of a glyph's path (pdf.js draw operators, in em). */
function contours(path: ArrayLike<number>): Contour[] {
  const out: Contour[] = [];
  let cur: Contour | undefined;
  const add = (x: number, y: number) => {
    if (!cur) return;
    const b = cur.box;
    cur.box = [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)];
    cur.points++;
  };
  for (let i = 0; i < path.length; ) {
    const op = path[i++];
    if (op === MOVE) {
      const [x, y] = [path[i++]!, path[i++]!];
      cur = { box: [x, y, x, y], curved: false, points: 1 };
      out.push(cur);
    } else if (op === LINE) add(path[i++]!, path[i++]!);
    else if (op === CURVE || op === QUAD) {
      const n = op === CURVE ? 3 : 2;
      for (let k = 0; k < n; k++) add(path[i++]!, path[i++]!);
      if (cur) cur.curved = true;
    } else if (op === CLOSE) cur = undefined;
    else return [];
  }
  return out;
}

/**
 * The character a glyph's contours draw, its advance `advance` em: one straight bar lying at the
 * middle of the x-height is a hyphen, or a dash where it fills its advance (an en dash half an em,
 * an em dash a whole one); two dots one over the other a colon; one dot on the baseline a point.
 */
function glyphChar(shape: Contour[], advance: number): string | undefined {
  const [first, second] = shape;
  if (shape.length === 1 && first) {
    const [x0, y0, x1, y1] = first.box;
    const [w, h] = [x1 - x0, y1 - y0];
    if (!first.curved && first.points <= 5 && w > 1.5 * h && y0 > 0.1 && y1 < 0.6) {
      if (advance > 0 && w >= 0.9 * advance) return advance > 0.75 ? '—' : '–';
      return '-';
    }
    if (dot(first) && y0 < 0.15) return '.';
    return undefined;
  }
  if (shape.length === 2 && first && second && dot(first) && dot(second)) {
    const [low, high] = first.box[1] < second.box[1] ? [first, second] : [second, first];
    const centre = (c: Contour) => (c.box[0] + c.box[2]) / 2;
    if (Math.abs(centre(low) - centre(high)) < 0.03 && low.box[1] < 0.15 && high.box[1] > 0.3) return ':';
  }
  return undefined;
}

/** A small round or square mark, as a point or one of a colon's. */
function dot(c: Contour): boolean {
  const [x0, y0, x1, y1] = c.box;
  const [w, h] = [x1 - x0, y1 - y0];
  return w > 0 && h > 0 && w < 0.25 && h < 0.25 && w < 1.6 * h && h < 1.6 * w;
}
