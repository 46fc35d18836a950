// Hand-made laid-out pages for the text-reader tests: A4 (595 x 842 pt), 10 pt type, phrases
// placed by their left and right edges in page fractions, rows at 14 pt leading.
import { type LayoutLine, type LayoutPage, type LayoutWord, union } from '../extract/page/layout.js';

export const PAGE_W = 595;
export const PAGE_H = 842;
export const FONT_SIZE = 10;
/** One line of type in page fractions. */
export const LINE_H = FONT_SIZE / PAGE_H;

/** A phrase set from x0 to x1: its words with small (2.4 pt) gaps between them. */
export type Part = [text: string, x0: number, x1: number];

export function line(y: number, ...parts: Part[]): LayoutLine {
  const words: LayoutWord[] = [];
  for (const [text, x0, x1] of parts) {
    const tokens = text.split(' ');
    const gap = 0.004;
    const chars = tokens.reduce((n, t) => n + t.length, 0);
    const span = x1 - x0 - gap * (tokens.length - 1);
    let x = x0;
    for (const t of tokens) {
      const w = (span * t.length) / chars;
      words.push({ text: t, bbox: [x, y, x + w, y + LINE_H], fontSize: FONT_SIZE });
      x += w + gap;
    }
  }
  return { text: words.map((w) => w.text).join(' '), bbox: union(words.map((w) => w.bbox)), words };
}

/** Row i of a page, from the top margin. */
export const row = (i: number) => 0.05 + (i * 14) / PAGE_H;

export const page = (lines: LayoutLine[], n = 1): LayoutPage => ({
  page: n,
  width: PAGE_W,
  height: PAGE_H,
  lines,
});
