// Rule removal on drawn pages: thin long lines go, letters, short strokes and thick bars stay.
import { describe, expect, it } from 'vitest';
import type { GreyImage } from './grey-image.js';
import { removeRules } from './rules.js';

const W = 600;
const H = 400;

function blank(): GreyImage {
  return { data: Buffer.alloc(W * H, 255), width: W, height: H };
}

function fill(img: GreyImage, x0: number, y0: number, x1: number, y1: number, v = 0): void {
  for (let y = y0; y < y1; y++) img.data.fill(v, y * W + x0, y * W + x1);
}

const at = (img: GreyImage, x: number, y: number) => img.data[y * W + x]!;

describe('removeRules (200 dpi)', () => {
  it('paints thin horizontal and vertical rules white, with their grey edges', () => {
    const img = blank();
    fill(img, 20, 100, 580, 102); // a table rule, 2 px
    fill(img, 20, 99, 580, 100, 170); // its blurred edge
    fill(img, 300, 20, 302, 380); // a column line
    removeRules(img, 200);
    expect(at(img, 100, 100)).toBe(255);
    expect(at(img, 100, 99)).toBe(255);
    expect(at(img, 301, 50)).toBe(255);
  });

  it('leaves letters, short strokes, underlines under a word and thick bars alone', () => {
    const img = blank();
    fill(img, 50, 200, 56, 230); // a letter's stem, 30 px tall
    fill(img, 50, 230, 110, 232); // a 60 px stroke (a word's underline, shorter than a rule)
    fill(img, 20, 300, 580, 330); // a 30 px thick black banner
    removeRules(img, 200);
    expect(at(img, 52, 210)).toBe(0);
    expect(at(img, 80, 231)).toBe(0);
    expect(at(img, 300, 315)).toBe(0);
  });

  it('keeps the letters that stand on a rule', () => {
    const img = blank();
    fill(img, 20, 150, 580, 152);
    fill(img, 200, 120, 204, 150); // a stem resting on the rule
    removeRules(img, 200);
    expect(at(img, 202, 130)).toBe(0);
    expect(at(img, 400, 151)).toBe(255);
  });

  it('does not join the letters of a run of small grey print into a rule', () => {
    const img = blank();
    // 300 px of letters: dark stems 2 px wide every 5 px, grey (blurred) between them.
    fill(img, 20, 250, 320, 258, 180);
    for (let x = 20; x < 320; x += 5) fill(img, x, 250, x + 2, 258);
    removeRules(img, 200);
    expect(at(img, 20, 254)).toBe(0);
    expect(at(img, 160, 254)).toBe(0);
  });
});
